import { useCallback, useMemo, type MouseEvent } from 'react';
import { NodeIndexOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Segmented, Space, Spin, Typography } from 'antd';
import type { NamedSample, OpenApiOperationView } from '@lab/core/contract';
import type { SchemaField, SchemaTree } from '@lab/core/schema-tree';
import { sanitizeDescription, SchemaView } from '@/components/schema-view';
import { fillMessage, useMessages } from '@/lib/i18n';
import { ChangeMark } from './ChangeMark';
import { usageTarget, type PartMarks } from './diffMarks';
import { messages } from './messages';
import { MethodTag } from './MethodTag';
import { SampleList } from './SampleList';
import type { DocParams, UpdateDocParams } from './useDocParams';
import type { UsageTarget } from './WhereUsedDrawer';

/** The part shown (`request` or a status; the request when asked for and present), its response and tree. */
export function shownPart(data: OpenApiOperationView | undefined, requested: string) {
  const part = data && (requested === 'request' && data.request ? 'request' : requested);
  const response = data?.responses.find((r) => r.status === part);
  const tree: SchemaTree | null | undefined = part === 'request' ? data?.request?.tree : response?.tree;
  return { part, response, tree };
}

/** Where-used targets of a tree's fields by path (fields without one are left out). */
function usageTargets(tree: SchemaTree | null | undefined): Map<string, UsageTarget> {
  const out = new Map<string, UsageTarget>();
  for (const f of tree?.fields ?? []) {
    const target = usageTarget(tree!, f);
    if (target) out.set(f.path, target);
  }
  return out;
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
  marks,
  onWhereUsed,
}: {
  data: OpenApiOperationView;
  state: DocParams;
  update: UpdateDocParams;
  onOpenSample: (sample: NamedSample) => void;
  onDocReference: (name: string) => void;
  /** False while the page defers the samples (the request tree paints first, the samples right after). */
  samplesReady: boolean;
  /** The shown part's compare marks, while comparing with another release. */
  marks: PartMarks | undefined;
  onWhereUsed: (target: UsageTarget) => void;
}) {
  const m = useMessages(messages);
  const { part, response, tree: shownTree } = shownPart(data, state.part);
  // Each field's where-used target, once per shown tree (not per row as rows mount).
  const targets = useMemo(() => usageTargets(shownTree), [shownTree]);
  // A field's additions: its compare mark (looked up in the part's marks) and its where-used button
  // (plain, with a CSS icon; one click handler for the whole view, below): rows mount while scrolling.
  const fieldExtra = useCallback(
    (f: SchemaField) => {
      const mark = marks?.byPath.get(f.path);
      return (
        <>
          {mark && <ChangeMark kind={mark.kind} changes={mark.changes} />}
          {targets.has(f.path) && (
            <button type="button" className="sv-copy fd-where-used" title={m.whereUsed} aria-label={m.whereUsed} />
          )}
        </>
      );
    },
    [marks, targets, m],
  );
  // A where-used button's click, caught before its row's (which would select the field).
  const onClickCapture = (e: MouseEvent<HTMLDivElement>) => {
    const button = (e.target as Element).closest?.('.fd-where-used');
    const path = button?.closest('[data-path]')?.getAttribute('data-path');
    const target = path === null || path === undefined ? undefined : targets.get(path);
    if (!target) return;
    e.stopPropagation();
    onWhereUsed(target);
  };
  const removed = marks && marks.removed.length > 0 && (
    <Flex wrap gap={4} align="center" className="fd-removed" style={{ marginBottom: 6 }}>
      <Typography.Text type="secondary">{m.removedHere}</Typography.Text>
      {marks.removed.map((c) => (
        <ChangeMark key={c.field} kind="removed" changes={[c]} label={c.field} />
      ))}
    </Flex>
  );
  const schemaPane = (tree: SchemaTree) => (
    <SchemaView
      fieldExtra={fieldExtra}
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
      <div style={{ flex: 1, minWidth: 0 }} onClickCapture={onClickCapture}>
        <Space wrap align="center" style={{ marginBottom: 4 }}>
          <MethodTag method={data.method} />
          <Typography.Text code>{data.path}</Typography.Text>
          <Typography.Text strong>{data.summary}</Typography.Text>
          {data.request?.schemaName && (
            <Typography.Text type="secondary">
              {fillMessage(m.schemaName, { name: data.request.schemaName })}
              <Button
                type="link"
                size="small"
                icon={<NodeIndexOutlined />}
                onClick={() => onWhereUsed({ schema: data.request!.schemaName! })}
              >
                {m.whereUsed}
              </Button>
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
        {removed}
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
