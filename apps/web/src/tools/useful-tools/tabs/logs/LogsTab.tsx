import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Collapse, Flex, Input, Space, Switch, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { beautifyLog, type LogSegment } from '@lab/core/text';
import { copyWithNotice } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

const pre = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' } as const;

function documentLabel(s: Exclude<LogSegment, { kind: 'text' }>, m: (typeof messages)['en']): string {
  const n = s.pretty.split('\n').length;
  if (s.kind === 'xml') return fillMessage(m.xml, { n });
  return fillMessage(s.escaped ? m.jsonEscaped : m.json, { n });
}

/** Raw log text in; embedded JSON and XML pretty-printed in collapsible blocks, secrets masked. */
export default function LogsTab() {
  const m = useMessages(messages);
  const [input, setInput] = useState('');
  const [maskSecrets, setMaskSecrets] = useState(true);
  const deferred = useDeferredValue(input);
  const result = useMemo(() => beautifyLog(deferred, { maskSecrets }), [deferred, maskSecrets]);
  const documents = result.segments.filter((s) => s.kind !== 'text').length;

  return (
    <Flex vertical gap="middle">
      <Input.TextArea
        aria-label="log text"
        placeholder={m.placeholder}
        autoSize={{ minRows: 4, maxRows: 14 }}
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      <Space wrap>
        <Switch aria-label="mask secrets" checked={maskSecrets} onChange={setMaskSecrets} />
        <Typography.Text>{m.mask}</Typography.Text>
        <Button
          icon={<CopyOutlined />}
          disabled={!input.trim()}
          onClick={() => void copyWithNotice(result.cleaned, m.copied)}
        >
          {m.copyCleaned}
        </Button>
        {deferred.trim() && (
          <Typography.Text type="secondary">
            {fillMessage(m.found, { n: documents })}
            {maskSecrets ? fillMessage(m.masked, { n: result.masked }) : ''}
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
                    label: documentLabel(s, m),
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
