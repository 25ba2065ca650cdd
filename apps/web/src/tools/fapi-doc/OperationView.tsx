import { Card, Empty, Flex, Segmented, Space, Spin, Typography } from 'antd';
import type { NamedSample, OpenApiOperationView } from '@lab/core/contract';
import type { SchemaTree } from '@lab/core/schema-tree';
import { sanitizeDescription, SchemaView } from '@/components/schema-view';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { MethodTag } from './MethodTag';
import { SampleList } from './SampleList';
import type { DocParams, UpdateDocParams } from './useDocParams';

/** The part shown (`request` or a status; the request when asked for and present), its response and tree. */
export function shownPart(data: OpenApiOperationView | undefined, requested: string) {
  const part = data && (requested === 'request' && data.request ? 'request' : requested);
  const response = data?.responses.find((r) => r.status === part);
  const tree: SchemaTree | null | undefined = part === 'request' ? data?.request?.tree : response?.tree;
  return { part, response, tree };
}

/**
 * One operation: method, path, summary and description, the request and status tabs with the part's
 * schema, and its named samples beside.
 */
export function OperationView({
  data,
  state,
  update,
  onOpenSample,
  onDocReference,
  samplesReady,
}: {
  data: OpenApiOperationView;
  state: DocParams;
  update: UpdateDocParams;
  onOpenSample: (sample: NamedSample) => void;
  onDocReference: (name: string) => void;
  /** False while the page defers the samples (the request tree paints first, the samples right after). */
  samplesReady: boolean;
}) {
  const m = useMessages(messages);
  const { part, response } = shownPart(data, state.part);
  const schemaPane = (tree: SchemaTree) => (
    <SchemaView
      tree={tree}
      view={state.view}
      level={state.level}
      fullDescription={state.full}
      selected={state.field}
      onSelect={(field) => update({ field })}
      onDocReference={onDocReference}
      height="calc(100vh - 330px)"
      label={part === 'request' ? m.request : part}
    />
  );
  return (
    <Flex gap={16} align="start">
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space wrap align="center" style={{ marginBottom: 4 }}>
          <MethodTag method={data.method} />
          <Typography.Text code>{data.path}</Typography.Text>
          <Typography.Text strong>{data.summary}</Typography.Text>
          {data.request?.schemaName && (
            <Typography.Text type="secondary">
              {fillMessage(m.schemaName, { name: data.request.schemaName })}
            </Typography.Text>
          )}
        </Space>
        {data.description && (
          <div
            className="sv-desc"
            style={{ marginBottom: 4 }}
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(data.description) }}
          />
        )}
        {/* Request and status tabs as a Segmented: its styles are loaded with the controls. */}
        <Segmented<string>
          aria-label={m.part}
          value={part}
          onChange={(key) => update({ part: key === 'request' ? undefined : key, field: undefined })}
          options={[
            { value: 'request', label: m.request, disabled: !data.request },
            ...data.responses.map((r) => ({ value: r.status, label: r.status })),
          ]}
          style={{ marginBottom: 8 }}
        />
        {part === 'request' && (data.request ? schemaPane(data.request.tree) : <Empty description={m.noRequestBody} />)}
        {part !== 'request' && response && (
          <div key={response.status}>
            {response.description && (
              <Typography.Paragraph type="secondary">{response.description}</Typography.Paragraph>
            )}
            {response.tree ? schemaPane(response.tree) : <Empty description={m.noSchema} />}
          </div>
        )}
      </div>
      <Card size="small" title={`${m.namedSamples} (${data.samples.length})`} style={{ width: 380, flex: 'none' }}>
        {samplesReady ? <SampleList view={data} onOpen={onOpenSample} /> : <Spin size="small" />}
      </Card>
    </Flex>
  );
}
