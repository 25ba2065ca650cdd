import { Suspense } from 'react';
import { Alert, Button, Collapse, Flex, Space, Spin, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyWithNotice } from '@/lib/clipboard';
import { useMessages } from '@/lib/i18n';
import type { EditorMode } from './JsonEditor';
import { LazyJsonEditor } from './LazyJsonEditor';
import type { CarrierCallResult } from './shared/types';
import { ResponseSummary } from './ResponseSummary';
import { EditorModeSwitch } from './EditorModeSwitch';
import { messages } from './messages';

function responseText(r: CarrierCallResult): string {
  if (r.ok) return typeof r.body === 'string' ? r.body : JSON.stringify(r.body, null, 2);
  return JSON.stringify({ status: r.status, statusText: r.statusText, data: r.body }, null, 2);
}

/** The response column: summary, Copy JSON, code/view mode, the read-only editor and the headers. */
export function ResponsePane({
  result,
  mode,
  onModeChange,
  onSelectPath,
}: {
  result: CarrierCallResult | undefined;
  mode: EditorMode;
  onModeChange: (mode: EditorMode) => void;
  onSelectPath: (path: readonly (string | number)[]) => void;
}) {
  const m = useMessages(messages);
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }} gap={8} wrap>
        <Typography.Text strong>{m.response}</Typography.Text>
        {result ? <ResponseSummary result={result} /> : null}
        <Space>
          {result ? (
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void copyWithNotice(responseText(result), m.jsonCopied)}
            >
              {m.copyJson}
            </Button>
          ) : null}
          <EditorModeSwitch label={m.response} treeLabel={m.viewMode} value={mode} onChange={onModeChange} />
        </Space>
      </Flex>
      {result ? (
        <Suspense fallback={<Spin />}>
          <LazyJsonEditor
            testId="response-editor"
            text={responseText(result)}
            mode={mode === 'tree' && typeof result.body === 'object' ? 'tree' : 'text'}
            readOnly
            onSelectPath={onSelectPath}
          />
          <Collapse
            size="small"
            items={[
              {
                key: 'h',
                label: m.headers,
                children: (
                  <pre data-testid="response-headers" style={{ margin: 0, fontSize: 12 }}>
                    {Object.entries(result.headers)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n')}
                  </pre>
                ),
              },
            ]}
          />
        </Suspense>
      ) : (
        <Alert type="info" title={m.noResponse} />
      )}
    </>
  );
}
