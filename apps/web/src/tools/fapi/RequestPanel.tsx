import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Collapse,
  Dropdown,
  Flex,
  Input,
  Modal,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { CheckOutlined, CopyOutlined, HistoryOutlined, LockOutlined, DownOutlined } from '@ant-design/icons';
import { CARRIER_ENDPOINTS, endpointById, type CarrierEndpoint } from '@lab/core/carrier';
import type { CarrierSamplesReply, OpenApiValidateReply } from '@lab/core/contract';
import { apiFetch } from '@/lib/api';
import { copyWithNotice } from '@/lib/clipboard';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useDebounced } from '@/lib/useDebounced';
import { SPECIFIC_FORMS } from './forms';
import { ResponseDemo } from './demos';
import { callCarrier, gatewayUrl } from './shared/client';
import type { ActiveCredential, CarrierCallResult, CarrierEnv } from './shared/types';
import type { PlaygroundHandoff } from '@/lib/playground/handoff';
import { toCurl, transactionId } from './curl';
import { applyOverwrite, labelSpecOptions, LABEL_RESPONSE_OPTIONS } from './overwrite';
import { parseBody, pushHistory, withEndpoint, type HistoryEntry, type RequestTab } from './tabs';
import type { EditorMode, JsonEditorHandle } from './JsonEditor';
import { messages } from './messages';

const JsonEditor = lazy(() => import('./JsonEditor'));

/** The last answer of a tab (kept in memory only). */
export interface TabResponse {
  result: CarrierCallResult;
  request: unknown;
  endpointId: string;
}

export interface RequestPanelProps {
  tab: RequestTab;
  onChange: (patch: Partial<RequestTab>) => void;
  /** The active credential (its token may have expired: `ensureCredential` refreshes it). */
  credential: ActiveCredential | undefined;
  ensureCredential: () => Promise<ActiveCredential | undefined>;
  response: TabResponse | undefined;
  onResponse: (r: TabResponse) => void;
  initialImage?: PlaygroundHandoff['image'];
  stockTypes: readonly string[];
}

function CertificationIcon({ level }: { level: 1 | 2 | 3 }) {
  const m = useMessages(messages);
  if (level === 3) return <LockOutlined aria-label={m.certified3} />;
  if (level === 2)
    return (
      <span aria-label={m.certified2} role="img">
        <CheckOutlined />
        <CheckOutlined style={{ marginInlineStart: -6 }} />
      </span>
    );
  return <CheckOutlined aria-label={m.certified1} />;
}

/** `a[0].b` → ['a', '0', 'b']; `$` → []. */
export function problemPath(path: string): string[] {
  if (path === '$' || path === '') return [];
  return path.split(/\.|\[(\d+)\]/).filter((p): p is string => p !== undefined && p !== '');
}

function responseText(r: CarrierCallResult): string {
  if (r.ok) return typeof r.body === 'string' ? r.body : JSON.stringify(r.body, null, 2);
  return JSON.stringify({ status: r.status, statusText: r.statusText, data: r.body }, null, 2);
}

function statusColor(status: number): string {
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400 && status < 500) return 'warning';
  return 'error';
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RequestPanel({
  tab,
  onChange,
  credential,
  ensureCredential,
  response,
  onResponse,
  initialImage,
  stockTypes,
}: RequestPanelProps) {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const endpoint: CarrierEndpoint = endpointById(tab.endpointId) ?? endpointById('ship-create')!;
  const env: CarrierEnv = credential?.env ?? 'sandbox';
  const path = tab.path || endpoint.path;
  const [requestMode, setRequestMode] = useState<EditorMode>('text');
  const [responseMode, setResponseMode] = useState<EditorMode>('text');
  const [nodePath, setNodePath] = useState('');
  const [calling, setCalling] = useState(false);
  const [curlOpen, setCurlOpen] = useState(false);
  const [showToken, setShowToken] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const requestEditor = useRef<JsonEditorHandle>(null);

  const parsed = useMemo(() => parseBody(tab.body), [tab.body]);
  // The editor's text as of its last change, ahead of React's render: a click on "call API" right
  // after typing commits the editor's pending edit (on blur) just before the click handler runs,
  // so the call must read it from here, not from the last render's `tab.body`.
  const liveBody = useRef(tab.body);
  liveBody.current = tab.body;
  const SpecificForm = endpoint.specificInterface ? SPECIFIC_FORMS[endpoint.specificInterface] : undefined;

  const samples = useQuery({
    queryKey: ['fapi-samples', endpoint.id],
    queryFn: () => apiFetch<CarrierSamplesReply>(`/carrier/samples/${encodeURIComponent(endpoint.id)}`),
    staleTime: Infinity,
    enabled: !SpecificForm,
  });

  const checkedBody = useDebounced(tab.body, 400);
  const checkedParse = useMemo(() => parseBody(checkedBody), [checkedBody]);
  const schema = useQuery({
    queryKey: ['fapi-validate', endpoint.id, checkedBody],
    queryFn: () =>
      apiFetch<OpenApiValidateReply>('/openapi-docs/validate', {
        method: 'POST',
        json: { endpoint: endpoint.id, body: checkedParse.ok ? checkedParse.value : null },
      }),
    enabled: !SpecificForm && !!endpoint.operation && checkedParse.ok,
    staleTime: Infinity,
    placeholderData: (prev) => prev,
  });

  const origin = typeof location === 'undefined' ? '' : location.origin;
  const baseUrl = `${origin}${gatewayUrl(env, '')}`.replace(/\/$/, '');
  const callDisabled = !credential || !parsed.ok || endpoint.disabled;

  function loadSample(value: unknown) {
    onChange({ body: JSON.stringify(value ?? {}, null, 2) });
    notify.success(m.codeSampleCopied);
  }

  function bodyToSend(): unknown {
    const live = parseBody(liveBody.current);
    if (!live.ok) return undefined;
    return endpoint.id === 'ship-create' ? applyOverwrite(live.value, tab.overwrite) : live.value;
  }

  function curlHeaders(token: string, txId: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'x-locale': tab.locale,
      'x-customer-transaction-id': txId,
    };
  }

  async function call() {
    requestEditor.current?.flush();
    const cred = await ensureCredential();
    if (!cred || !parseBody(liveBody.current).ok) return;
    const body = bodyToSend();
    setCalling(true);
    try {
      const at = Date.now();
      const result = await callCarrier({
        env: cred.env,
        method: tab.method,
        path,
        accessToken: cred.accessToken,
        body,
        locale: tab.locale,
        transactionId: transactionId(cred.env, endpoint.id, new Date(at)),
      });
      onResponse({ result, request: body, endpointId: endpoint.id });
      onChange({
        history: pushHistory(tab.history, {
          at,
          endpointId: endpoint.id,
          method: tab.method,
          path,
          request: JSON.stringify(body, null, 2),
          status: result.status,
          statusText: result.statusText,
          timeMs: result.timeMs,
        }),
      });
    } finally {
      setCalling(false);
    }
  }

  const sampleMenu = (samples.data?.samples ?? []).map((s, i) => ({ key: String(i), label: s.name }));
  const problems = schema.data?.problems ?? [];

  const endpointOptions = CARRIER_ENDPOINTS.map((e) => ({
    value: e.id,
    disabled: e.disabled,
    search: `${e.name.en} ${e.name.zh} ${e.path} ${e.id}`,
    label: (
      <Space size={6} style={e.disabled ? { color: '#bfbfbf' } : undefined}>
        <CertificationIcon level={e.certification} />
        <span>{lang === 'zh' ? e.name.zh : e.name.en}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {e.method} {e.path}
        </Typography.Text>
      </Space>
    ),
  }));

  const curl = toCurl(
    {
      url: `${origin}${gatewayUrl(env, path)}`,
      method: tab.method,
      headers: curlHeaders(credential?.accessToken ?? '', transactionId(env, endpoint.id, new Date())),
      body: JSON.stringify(bodyToSend() ?? null),
    },
    showToken,
  );

  return (
    <Flex vertical gap={10}>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={m.method}
          value={tab.method}
          style={{ width: 90 }}
          options={[
            { value: 'POST', label: 'POST' },
            { value: 'PUT', label: 'PUT' },
          ]}
          onChange={(v) => onChange({ method: v })}
        />
        <Input aria-label={m.baseUrl} value={baseUrl} readOnly style={{ width: 340 }} />
        <Input
          aria-label={m.path}
          value={path}
          onChange={(e) => onChange({ path: e.target.value })}
          style={{ width: 300 }}
        />
        <Tooltip title={m.copyUrl}>
          <Button
            aria-label={m.copyUrl}
            icon={<CopyOutlined />}
            onClick={() => void copyWithNotice(`${baseUrl}${path}`, m.textCopied)}
          />
        </Tooltip>
        <Segmented
          aria-label={m.locale}
          value={tab.locale}
          options={['en_US', 'zh_CN']}
          onChange={(v) => onChange({ locale: v as RequestTab['locale'] })}
        />
      </Flex>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={m.endpoint}
          className="fapi-endpoint"
          showSearch={{ optionFilterProp: 'search' }}
          placeholder={m.endpointSearch}
          value={endpoint.id}
          style={{ minWidth: 520 }}
          options={endpointOptions}
          onChange={(id: string) => onChange(withEndpoint(id))}
        />
        {!SpecificForm ? (
          <>
            {sampleMenu.length > 0 ? (
              <Space.Compact>
                <Button onClick={() => samples.data && loadSample(samples.data.default)}>{m.sample}</Button>
                <Dropdown
                  menu={{
                    items: sampleMenu,
                    onClick: ({ key }) => loadSample(samples.data?.samples[Number(key)]?.request),
                  }}
                >
                  <Button aria-label={m.namedSamples} icon={<DownOutlined />} />
                </Dropdown>
              </Space.Compact>
            ) : (
              <Button
                loading={samples.isLoading}
                onClick={() => {
                  if (samples.data) loadSample(samples.data.default);
                  else if (samples.error) notify.error(fillMessage(m.sampleFailed, { message: samples.error.message }));
                }}
              >
                {m.sample}
              </Button>
            )}
            <Tooltip title={!credential ? m.needCredential : undefined}>
              <Button type="primary" disabled={callDisabled} loading={calling} onClick={() => void call()}>
                {m.callApi}
              </Button>
            </Tooltip>
            <Button
              disabled={!parsed.ok}
              onClick={() => {
                requestEditor.current?.flush();
                download(`${endpoint.id}.json`, liveBody.current);
              }}
            >
              {m.saveJson}
            </Button>
            <Button onClick={() => setCurlOpen(true)}>{m.copyCurl}</Button>
            <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
              {m.history} ({tab.history.length})
            </Button>
            {!parsed.ok ? <Tag color="error">{m.jsonSyntaxError}</Tag> : null}
          </>
        ) : null}
      </Flex>

      {endpoint.id === 'ship-create' && !SpecificForm ? (
        <Flex gap={8} wrap align="center" data-testid="overwrite-row">
          <Typography.Text strong>{m.overwrite}</Typography.Text>
          <Input
            aria-label={m.accountNumber}
            placeholder={m.accountNumber}
            maxLength={9}
            value={tab.overwrite.accountNumber}
            onChange={(e) => onChange({ overwrite: { ...tab.overwrite, accountNumber: e.target.value.slice(0, 9) } })}
            style={{ width: 150 }}
          />
          <Select
            aria-label={m.labelResponseOptions}
            placeholder={m.labelResponseOptions}
            allowClear
            value={tab.overwrite.labelResponseOptions || undefined}
            options={LABEL_RESPONSE_OPTIONS.map((o) => ({ value: o, label: o }))}
            onChange={(v?: 'URL_ONLY' | 'LABEL') =>
              onChange({ overwrite: { ...tab.overwrite, labelResponseOptions: v ?? '' } })
            }
            style={{ width: 190 }}
          />
          <Select
            aria-label={m.labelSpecification}
            placeholder={m.labelSpecification}
            allowClear
            showSearch
            value={tab.overwrite.labelSpecification || undefined}
            options={labelSpecOptions(stockTypes).map((o) => ({ value: o, label: o }))}
            onChange={(v?: string) => onChange({ overwrite: { ...tab.overwrite, labelSpecification: v ?? '' } })}
            style={{ width: 320 }}
          />
        </Flex>
      ) : null}

      {SpecificForm ? (
        <Suspense fallback={<Spin tip={m.loadingForm} />}>
          <SpecificForm credential={credential} locale={tab.locale} initialImage={initialImage} />
        </Suspense>
      ) : (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
                <Typography.Text strong>{m.request}</Typography.Text>
                <Segmented
                  size="small"
                  aria-label={`${m.request} mode`}
                  value={requestMode}
                  options={[
                    { value: 'text', label: m.textMode },
                    { value: 'tree', label: m.treeMode, disabled: !parsed.ok },
                  ]}
                  onChange={(v) => setRequestMode(v as EditorMode)}
                />
              </Flex>
              <Suspense fallback={<Spin />}>
                <JsonEditor
                  ref={requestEditor}
                  testId="request-editor"
                  text={tab.body}
                  mode={requestMode}
                  onChange={(body) => {
                    liveBody.current = body;
                    onChange({ body });
                  }}
                  onSelectPath={(p) => setNodePath(toDisplayPath(p))}
                />
              </Suspense>
              <SchemaProblems
                endpoint={endpoint}
                loading={schema.isFetching}
                reply={schema.data}
                error={schema.error}
                onJump={(p) => requestEditor.current?.reveal(problemPath(p))}
                problems={problems}
              />
            </Col>
            <Col span={12}>
              <Flex justify="space-between" align="center" style={{ marginBottom: 4 }} gap={8} wrap>
                <Typography.Text strong>{m.response}</Typography.Text>
                {response ? <ResponseSummary result={response.result} /> : null}
                <Space>
                  {response ? (
                    <Button
                      size="small"
                      icon={<CopyOutlined />}
                      onClick={() => void copyWithNotice(responseText(response.result), m.jsonCopied)}
                    >
                      {m.copyJson}
                    </Button>
                  ) : null}
                  <Segmented
                    size="small"
                    aria-label={`${m.response} mode`}
                    value={responseMode}
                    options={[
                      { value: 'text', label: m.textMode },
                      { value: 'tree', label: m.viewMode },
                    ]}
                    onChange={(v) => setResponseMode(v as EditorMode)}
                  />
                </Space>
              </Flex>
              {response ? (
                <Suspense fallback={<Spin />}>
                  <JsonEditor
                    testId="response-editor"
                    text={responseText(response.result)}
                    mode={responseMode === 'tree' && typeof response.result.body === 'object' ? 'tree' : 'text'}
                    readOnly
                    onSelectPath={(p) => setNodePath(toDisplayPath(p))}
                  />
                  <Collapse
                    size="small"
                    items={[
                      {
                        key: 'h',
                        label: m.headers,
                        children: (
                          <pre data-testid="response-headers" style={{ margin: 0, fontSize: 12 }}>
                            {Object.entries(response.result.headers)
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
            </Col>
          </Row>
          <Flex gap={8} align="center">
            <Typography.Text>{m.nodePath}</Typography.Text>
            <Input aria-label={m.nodePath} value={nodePath} readOnly style={{ maxWidth: 600 }} />
            <Button
              aria-label={m.copyNodePath}
              icon={<CopyOutlined />}
              disabled={!nodePath}
              onClick={() => void copyWithNotice(nodePath, m.nodePathCopied)}
            />
          </Flex>
          {response && response.result.ok ? (
            <div data-testid="demo-area">
              <Suspense fallback={<Spin />}>
                <ResponseDemo
                  endpointId={response.endpointId}
                  request={response.request}
                  response={response.result}
                  credential={credential}
                />
              </Suspense>
            </div>
          ) : null}
        </>
      )}

      <Modal
        open={curlOpen}
        onCancel={() => setCurlOpen(false)}
        title={m.curlTitle}
        width={800}
        footer={
          <Space>
            <Checkbox checked={showToken} onChange={(e) => setShowToken(e.target.checked)}>
              {m.showToken}
            </Checkbox>
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyWithNotice(curl, m.textCopied)}>
              {m.copy}
            </Button>
          </Space>
        }
      >
        <pre
          data-testid="curl"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 400, overflow: 'auto' }}
        >
          {curl}
        </pre>
      </Modal>

      <Modal
        open={historyOpen}
        onCancel={() => setHistoryOpen(false)}
        footer={null}
        title={fillMessage(m.historyTitle, { n: 20 })}
        width={760}
      >
        <Table<HistoryEntry>
          data-testid="history"
          size="small"
          pagination={false}
          rowKey="at"
          locale={{ emptyText: m.noHistory }}
          dataSource={tab.history}
          columns={[
            { key: 'at', title: m.calledAt, render: (_, h) => new Date(h.at).toLocaleTimeString() },
            { key: 'req', title: m.request, render: (_, h) => `${h.method} ${h.path}` },
            { key: 'status', title: m.status, render: (_, h) => <Tag color={statusColor(h.status)}>{h.status}</Tag> },
            { key: 'ms', title: m.time, render: (_, h) => fillMessage(m.ms, { n: Math.round(h.timeMs) }) },
            {
              key: 'reopen',
              render: (_, h) => (
                <Button
                  size="small"
                  onClick={() => {
                    onChange({
                      ...withEndpoint(h.endpointId),
                      method: h.method,
                      path: h.path === endpointById(h.endpointId)?.path ? '' : h.path,
                      body: h.request,
                    });
                    setHistoryOpen(false);
                    notify.success(m.reopened);
                  }}
                >
                  {m.reopen}
                </Button>
              ),
            },
          ]}
        />
      </Modal>
    </Flex>
  );
}

/** ['a', '0', 'b'] → `a[0].b`. */
export function toDisplayPath(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, k) => (/^\d+$/.test(String(k)) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : String(k)),
    '',
  );
}

function ResponseSummary({ result }: { result: CarrierCallResult }) {
  const m = useMessages(messages);
  return (
    <Space size={4} data-testid="response-summary">
      <Tag color={statusColor(result.status)} aria-label={m.status}>
        {result.status} {result.statusText}
      </Tag>
      <Tag aria-label={m.time}>{fillMessage(m.ms, { n: Math.round(result.timeMs * 10) / 10 })}</Tag>
      <Tag aria-label={m.size}>{fillMessage(m.bytes, { n: result.sizeBytes })}</Tag>
    </Space>
  );
}

function SchemaProblems({
  endpoint,
  loading,
  reply,
  error,
  problems,
  onJump,
}: {
  endpoint: CarrierEndpoint;
  loading: boolean;
  reply: OpenApiValidateReply | undefined;
  error: Error | null;
  problems: OpenApiValidateReply['problems'];
  onJump: (path: string) => void;
}) {
  const m = useMessages(messages);
  if (!endpoint.operation) return <Typography.Text type="secondary">{m.schemaNone}</Typography.Text>;
  if (error)
    return <Typography.Text type="danger">{fillMessage(m.schemaFailed, { message: error.message })}</Typography.Text>;
  if (!reply) return loading ? <Typography.Text type="secondary">{m.schemaChecking}</Typography.Text> : null;
  if (!reply.imported) return <Typography.Text type="secondary">{m.schemaNotImported}</Typography.Text>;
  if (problems.length === 0)
    return (
      <Typography.Text type="success" data-testid="schema-valid">
        {m.schemaValid}
      </Typography.Text>
    );
  return (
    <Alert
      type="warning"
      data-testid="schema-problems"
      title={fillMessage(m.schemaProblems, { n: problems.length })}
      description={
        // The problems are the carrier's own validation messages (data, in the carrier's words).
        <ul data-i18n-data style={{ margin: 0, paddingInlineStart: 18, maxHeight: 200, overflow: 'auto' }}>
          {problems.map((p, i) => (
            <li key={`${p.path}-${i}`}>
              <Typography.Link onClick={() => onJump(p.path)}>
                <code>{p.path}</code>
              </Typography.Link>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
