import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Collapse, Flex, Input, Space, Switch, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { beautifyLog, type LogSegment } from '@lab/core/text';
import { TEXT_COPIED_MESSAGE } from '@/components/memo';
import { copyWithNotice } from '@/lib/clipboard';

const pre = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' } as const;

function documentLabel(s: Exclude<LogSegment, { kind: 'text' }>): string {
  const lines = s.pretty.split('\n').length;
  if (s.kind === 'xml') return `XML · ${lines} lines`;
  return `JSON${s.escaped ? ' (escaped in a string)' : ''} · ${lines} lines`;
}

/** Raw log text in; embedded JSON and XML pretty-printed in collapsible blocks, secrets masked. */
export default function LogsTab() {
  const [input, setInput] = useState('');
  const [maskSecrets, setMaskSecrets] = useState(true);
  const deferred = useDeferredValue(input);
  const result = useMemo(() => beautifyLog(deferred, { maskSecrets }), [deferred, maskSecrets]);
  const documents = result.segments.filter((s) => s.kind !== 'text').length;

  return (
    <Flex vertical gap="middle">
      <Input.TextArea
        aria-label="log text"
        placeholder="Paste log lines"
        autoSize={{ minRows: 4, maxRows: 14 }}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      <Space wrap>
        <Switch aria-label="mask secrets" checked={maskSecrets} onChange={setMaskSecrets} />
        <Typography.Text>Mask secrets</Typography.Text>
        <Button
          icon={<CopyOutlined />}
          disabled={!input.trim()}
          onClick={() => void copyWithNotice(result.cleaned, TEXT_COPIED_MESSAGE)}
        >
          Copy cleaned
        </Button>
        {deferred.trim() && (
          <Typography.Text type="secondary">
            {documents} document(s) found{maskSecrets ? `, ${result.masked} secret(s) masked` : ''}
          </Typography.Text>
        )}
      </Space>
      {deferred.trim() && (
        <Flex vertical gap="small" data-testid="beautified">
          {result.segments.map((s, i) =>
            s.kind === 'text' ? (
              s.text.trim() && (
                <pre key={i} style={pre}>
                  {s.text.trim()}
                </pre>
              )
            ) : (
              <Collapse
                key={i}
                size="small"
                defaultActiveKey={['doc']}
                items={[
                  {
                    key: 'doc',
                    label: documentLabel(s),
                    children: <pre style={pre}>{s.pretty}</pre>,
                  },
                ]}
              />
            ),
          )}
        </Flex>
      )}
    </Flex>
  );
}
