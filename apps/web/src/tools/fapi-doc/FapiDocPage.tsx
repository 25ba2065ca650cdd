import { useDeferredValue, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Flex,
  List,
  Modal,
  Select,
  Space,
  Spin,
  Segmented,
  Tag,
  Typography,
} from 'antd';
import type { NamedSample, OpenApiOperationView } from '@lab/core/contract';
import type { SchemaTree } from '@lab/core/schema-tree';
import {
  DEFAULT_LEVEL,
  LEVELS,
  SchemaView,
  SchemaViewControls,
  sanitizeDescription,
  type SchemaViewMode,
} from '@/components/schema-view';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { leavePlaygroundHandoff, PLAYGROUND_HANDOFF_PATH } from '@/lib/playground/handoff';
import { docQueries, endpointFor, operationKey, parseOperationKey } from './docApi';
import { messages } from './messages';
import './fapiDoc.css';

/** How many operations' views are fetched ahead when the operation list opens. */
const PREFETCH_OPERATIONS = 12;

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

function MethodTag({ method }: { method: string }) {
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} style={{ fontFamily: 'monospace', marginInlineEnd: 6 }}>
      {method}
    </Tag>
  );
}

/** Reads and writes the viewer's state in the URL: api, op, part, view, level, field. */
function useDocParams() {
  const [params, setParams] = useSearchParams();
  const levelParam = Number(params.get('level'));
  const state = {
    api: params.get('api') ?? undefined,
    op: params.get('op') ?? undefined,
    part: params.get('part') ?? 'request',
    view: (params.get('view') === 'table' ? 'table' : 'tree') as SchemaViewMode,
    level: (LEVELS as readonly number[]).includes(levelParam) ? levelParam : DEFAULT_LEVEL,
    field: params.get('field') ?? undefined,
    full: params.get('full') === '1',
  };
  const update = (changes: Partial<Record<keyof typeof state, string | number | boolean | undefined>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === false || v === '') next.delete(k);
          else next.set(k, v === true ? '1' : String(v));
        }
        return next;
      },
      { replace: true },
    );
  return [state, update] as const;
}

function SampleList({ view, onOpen }: { view: OpenApiOperationView; onOpen: (sample: NamedSample) => void }) {
  const m = useMessages(messages);
  const navigate = useNavigate();
  const endpointId = endpointFor(view.document, view.method, view.path);
  const send = (sample: NamedSample) => {
    if (!endpointId) return;
    leavePlaygroundHandoff({ endpointId, body: sample.request, source: `${m.source}: ${sample.name}` });
    void navigate(PLAYGROUND_HANDOFF_PATH);
  };
  if (view.samples.length === 0) return <Typography.Text type="secondary">{m.noSamples}</Typography.Text>;
  // Plain elements: 35 rows of antd List items, Buttons and Tooltips cost more than the tree itself.
  return (
    <ul className="fd-samples">
      {view.samples.map((s) => (
        <li key={s.name}>
          <span className="fd-sample-name">{s.name}</span>
          <span className="fd-sample-actions">
            <button type="button" className="fd-button" onClick={() => onOpen(s)}>
              {m.viewJson}
            </button>
            <span title={endpointId ? undefined : m.noEndpoint}>
              <button type="button" className="fd-button fd-primary" disabled={!endpointId} onClick={() => send(s)}>
                {m.sendToPlayground}
              </button>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The antd parts the operation view uses, mounted hidden with the page: antd injects each
 * component's CSS on its first mount, and each injection restyles the whole document. Doing it
 * here, while the user picks an API, keeps it out of the time between choosing an operation and
 * seeing its tree.
 */
const WARM_TREE: SchemaTree = {
  type: 'object',
  fields: [{ parent: -1, depth: 1, end: 1, name: '-', path: '-', type: 'string', required: true, description: '-' }],
};

function StyleWarmUp() {
  return (
    <div hidden aria-hidden data-i18n-data>
      <Card size="small" title="-">
        <List
          size="small"
          dataSource={['-']}
          renderItem={(x) => (
            <List.Item
              actions={[
                <Button key="b" size="small">
                  -
                </Button>,
              ]}
            >
              {x}
            </List.Item>
          )}
        />
      </Card>
      <SchemaView tree={WARM_TREE} view="tree" level={2} fullDescription={false} height={60} />
      <Space>
        <Tag color="green">-</Tag>
        <Typography.Text code>-</Typography.Text>
        <Typography.Text strong>-</Typography.Text>
        <Typography.Paragraph>-</Typography.Paragraph>
        <Spin size="small" />
        <Empty />
      </Space>
    </div>
  );
}

/** FAPI Doc (/api/fapidoc): the imported OpenAPI documents, one operation at a time. */
export default function FapiDocPage() {
  const m = useMessages(messages);
  const [state, update] = useDocParams();
  const [sample, setSample] = useState<NamedSample>();
  const [reference, setReference] = useState<string>();

  const queryClient = useQueryClient();
  const documents = useQuery(docQueries.documents);
  const docs = useMemo(() => documents.data?.documents ?? [], [documents.data]);
  const current = docs.find((d) => d.name === state.api);
  const operations = useQuery({ ...docQueries.operations(current?.name ?? ''), enabled: current !== undefined });
  const opRef = parseOperationKey(state.op ?? null);
  const opExists = opRef && operations.data?.operations.some((o) => o.method === opRef.method && o.path === opRef.path);
  const view = useQuery({
    ...docQueries.view(current?.name ?? '', opRef?.method ?? '', opRef?.path ?? ''),
    enabled: current !== undefined && opExists === true,
  });

  const apiOptions = useMemo(() => {
    const groups = new Map<string, { label: string; value: string }[]>();
    for (const d of docs) {
      const list = groups.get(d.api) ?? [];
      list.push({ value: d.name, label: `${d.title || d.resource} (${d.resource})` });
      groups.set(d.api, list);
    }
    return [...groups].map(([api, options]) => ({ label: api, title: api, options }));
  }, [docs]);

  const operationOptions = useMemo(
    () =>
      (operations.data?.operations ?? []).map((o) => ({
        value: operationKey(o),
        search: `${o.method} ${o.path} ${o.summary ?? ''}`.toLowerCase(),
        label: (
          <span>
            <MethodTag method={o.method} />
            <Typography.Text code>{o.path}</Typography.Text> {o.summary}
          </span>
        ),
      })),
    [operations.data],
  );

  const data = view.data;
  const deferredData = useDeferredValue(data);
  const part = data && (state.part === 'request' && data.request ? 'request' : state.part);
  const response = data?.responses.find((r) => r.status === part);
  const shownTree = part === 'request' ? data?.request?.tree : response?.tree;
  const hasTree = shownTree !== undefined && shownTree !== null;

  const referenceFields = useMemo(() => {
    if (!reference || !shownTree) return [];
    const needle = new RegExp(`loadDocReference\\(\\s*\\\\?["']${reference.replace(/[.-]/g, '\\$&')}\\\\?["']`);
    return shownTree.fields.filter((f) => f.description && needle.test(f.description));
  }, [reference, shownTree]);
  const referenceValues = useMemo(
    () => [...new Set(referenceFields.flatMap((f) => f.enum ?? []))].sort(),
    [referenceFields],
  );

  const empty = documents.isSuccess && docs.length === 0;
  const schemaPane = (tree: NonNullable<typeof shownTree>) => (
    <SchemaView
      tree={tree}
      view={state.view}
      level={state.level}
      fullDescription={state.full}
      selected={state.field}
      onSelect={(field) => update({ field })}
      onDocReference={setReference}
      height="calc(100vh - 330px)"
      label={part === 'request' ? m.request : part}
    />
  );

  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {m.title}
      </Typography.Title>
      <StyleWarmUp />
      <Flex wrap gap={12} align="center">
        <Select
          aria-label={m.api}
          placeholder={m.chooseApi}
          style={{ width: 360 }}
          showSearch
          optionFilterProp="label"
          disabled={docs.length === 0}
          loading={documents.isPending}
          value={current?.name}
          options={apiOptions}
          onChange={(api: string) => update({ api, op: undefined, field: undefined, part: undefined })}
        />
        <Select
          aria-label={m.operation}
          placeholder={m.chooseOperation}
          style={{ width: 520 }}
          showSearch
          filterOption={(input, option) => (option?.search ?? '').includes(input.toLowerCase())}
          disabled={!operations.data}
          loading={operations.isFetching}
          value={opExists ? state.op : undefined}
          options={operationOptions}
          onChange={(op: string) => update({ op, field: undefined, part: undefined })}
          onOpenChange={(open) => {
            // While the list is open, fetch the operations' views (cached on the server), so the
            // chosen one is usually here by the click.
            if (!open || !current || !operations.data) return;
            for (const o of operations.data.operations.slice(0, PREFETCH_OPERATIONS)) {
              void queryClient.prefetchQuery(docQueries.view(current.name, o.method, o.path));
            }
          }}
        />
        <SchemaViewControls
          disabled={!hasTree}
          view={state.view}
          onView={(v) => update({ view: v === 'tree' ? undefined : v })}
          level={state.level}
          onLevel={(l) => update({ level: l === DEFAULT_LEVEL ? undefined : l })}
          fullDescription={state.full}
          onFullDescription={(full) => update({ full })}
        />
      </Flex>

      {documents.error && (
        <Alert type="error" title={fillMessage(m.loadFailed, { message: (documents.error as Error).message })} />
      )}
      {empty && (
        <Alert
          type="info"
          showIcon
          title={m.emptyStore}
          description={
            <span>
              {m.emptyStoreHow} <Typography.Text code>{m.importCommand}</Typography.Text>
            </span>
          }
        />
      )}
      {!empty && documents.isSuccess && !current && <Empty description={m.pickApi} />}
      {current && operations.data && !opExists && (
        <Empty description={fillMessage(m.pickOperation, { api: current.name })} />
      )}
      {(operations.error || view.error) && (
        <Alert
          type="error"
          title={fillMessage(m.loadFailed, { message: ((operations.error ?? view.error) as Error).message })}
        />
      )}
      {opExists && view.isPending && <Spin />}

      {data && (
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
            {part === 'request' &&
              (data.request ? schemaPane(data.request.tree) : <Empty description={m.noRequestBody} />)}
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
            {/* Deferred: the request tree paints first, the samples right after. */}
            {deferredData === data ? <SampleList view={data} onOpen={setSample} /> : <Spin size="small" />}
          </Card>
        </Flex>
      )}

      <Modal
        open={sample !== undefined}
        title={sample?.name}
        onCancel={() => setSample(undefined)}
        width={800}
        footer={[
          <Button
            key="copy"
            onClick={async () => {
              if (await copyToClipboard(JSON.stringify(sample?.request, null, 2))) notify.success(m.copied);
              else notify.error(m.noClipboard);
            }}
          >
            {m.copyJson}
          </Button>,
          <Button key="close" type="primary" onClick={() => setSample(undefined)}>
            {m.close}
          </Button>,
        ]}
      >
        <pre data-testid="sample-json" style={{ maxHeight: '65vh', overflow: 'auto', fontSize: 12 }}>
          {sample ? JSON.stringify(sample.request, null, 2) : ''}
        </pre>
      </Modal>

      <Drawer
        open={reference !== undefined}
        title={fillMessage(m.reference, { name: reference ?? '' })}
        onClose={() => setReference(undefined)}
        width={520}
      >
        <Typography.Paragraph>{fillMessage(m.referenceNote, { name: reference ?? '' })}</Typography.Paragraph>
        <List
          size="small"
          dataSource={referenceFields}
          renderItem={(f) => (
            <List.Item>
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                onClick={() => {
                  update({ field: f.path });
                  setReference(undefined);
                }}
              >
                {f.path}
              </Button>
            </List.Item>
          )}
        />
        {referenceValues.length > 0 && (
          <>
            <Typography.Paragraph style={{ marginTop: 12 }}>{m.referenceValues}</Typography.Paragraph>
            <Flex wrap gap={4}>
              {referenceValues.map((v) => (
                <Tag key={v}>{v}</Tag>
              ))}
            </Flex>
          </>
        )}
      </Drawer>
    </Flex>
  );
}
