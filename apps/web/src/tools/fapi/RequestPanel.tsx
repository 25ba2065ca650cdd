import { Suspense, useMemo, useRef, useState } from 'react';
import { Button, Col, Flex, Row, Spin, Tag, Tooltip } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import {
  endpointById,
  UPSTREAM_AUTHORIZATION_HEADER,
  type CarrierEndpoint,
  type CarrierEnvironment,
} from '@lab/core/carrier';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import type { PlaygroundHandoff } from '@/lib/playground/handoff';
import { SPECIFIC_FORMS } from './forms';
import { ResponseDemo } from './demos';
import { gatewayUrl } from './shared/client';
import type { ActiveCredential } from './shared/types';
import { transactionId } from './curl';
import { CurlModal } from './CurlModal';
import { EndpointPicker } from './EndpointPicker';
import { useSchemaCheck } from './fapiApi';
import { HistoryModal } from './HistoryModal';
import { toDisplayPath } from './jsonPaths';
import type { EditorMode, JsonEditorHandle } from './JsonEditor';
import { NodePathBar } from './NodePathBar';
import { OverwriteRow } from './OverwriteRow';
import { RequestPane } from './RequestPane';
import { ResponsePane } from './ResponsePane';
import { SampleButton } from './SampleButton';
import { parseBody, withEndpoint, type RequestTab, type TabResponse } from './tabs';
import { useCarrierCall } from './useCarrierCall';
import { UrlBar } from './UrlBar';
import { messages } from './messages';

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

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One playground tab: the URL bar, the endpoint picker with its actions, the overwrite row, then
 * either the endpoint's own form or the request and response editors, the node path and the demo.
 */
export function RequestPanel(props: RequestPanelProps) {
  const { tab, onChange, credential, response } = props;
  const m = useMessages(messages);
  const endpoint: CarrierEndpoint = endpointById(tab.endpointId) ?? endpointById('ship-create')!;
  const env: CarrierEnvironment = credential?.env ?? 'sandbox';
  const path = tab.path || endpoint.path;
  const [requestMode, setRequestMode] = useState<EditorMode>('text');
  const [responseMode, setResponseMode] = useState<EditorMode>('text');
  const [nodePath, setNodePath] = useState('');
  const [curlOpen, setCurlOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const requestEditor = useRef<JsonEditorHandle>(null);

  const parsed = useMemo(() => parseBody(tab.body), [tab.body]);
  // The editor's text as of its last change, ahead of React's render: a click on "call API" right
  // after typing commits the editor's pending edit (on blur) just before the click handler runs,
  // so the call must read it from here, not from the last render's `tab.body`.
  const liveBody = useRef(tab.body);
  liveBody.current = tab.body;
  const SpecificForm = endpoint.specificInterface ? SPECIFIC_FORMS[endpoint.specificInterface] : undefined;

  const origin = typeof location === 'undefined' ? '' : location.origin;
  const baseUrl = `${origin}${gatewayUrl(env, '')}`.replace(/\/$/, '');
  const callDisabled = !credential || !parsed.ok || endpoint.disabled;
  const { calling, call, bodyToSend } = useCarrierCall({ ...props, endpoint, path, liveBody, editor: requestEditor });
  const schema = useSchemaCheck(endpoint, tab.body, !SpecificForm);
  const selectPath = (p: readonly (string | number)[]) => setNodePath(toDisplayPath(p));

  function loadSample(value: unknown) {
    onChange({ body: JSON.stringify(value ?? {}, null, 2) });
    notify.success(m.codeSampleCopied);
  }

  const curlRequest = {
    url: `${origin}${gatewayUrl(env, path)}`,
    method: tab.method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      [UPSTREAM_AUTHORIZATION_HEADER]: `Bearer ${credential?.accessToken ?? ''}`,
      'x-locale': tab.locale,
      'x-customer-transaction-id': transactionId(env, endpoint.id, new Date()),
    },
    body: JSON.stringify(bodyToSend() ?? null),
  };

  return (
    <Flex vertical gap={10}>
      <UrlBar tab={tab} onChange={onChange} baseUrl={baseUrl} path={path} />
      <Flex gap={8} wrap align="center">
        <EndpointPicker value={endpoint.id} onChange={(id) => onChange(withEndpoint(id))} />
        {!SpecificForm ? (
          <>
            <SampleButton endpointId={endpoint.id} environment={env} onLoad={loadSample} />
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
        <OverwriteRow overwrite={tab.overwrite} onChange={onChange} stockTypes={props.stockTypes} />
      ) : null}

      {SpecificForm ? (
        <Suspense fallback={<Spin tip={m.loadingForm} />}>
          <SpecificForm credential={credential} locale={tab.locale} initialImage={props.initialImage} />
        </Suspense>
      ) : (
        <>
          <Row gutter={12}>
            <Col span={12}>
              <RequestPane
                endpoint={endpoint}
                schema={schema}
                editor={requestEditor}
                text={tab.body}
                valid={parsed.ok}
                mode={requestMode}
                onModeChange={setRequestMode}
                onTextChange={(body) => {
                  liveBody.current = body;
                  onChange({ body });
                }}
                onSelectPath={selectPath}
              />
            </Col>
            <Col span={12}>
              <ResponsePane
                result={response?.result}
                mode={responseMode}
                onModeChange={setResponseMode}
                onSelectPath={selectPath}
              />
            </Col>
          </Row>
          <NodePathBar nodePath={nodePath} />
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

      <CurlModal open={curlOpen} onClose={() => setCurlOpen(false)} request={curlRequest} />
      <HistoryModal
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        history={tab.history}
        onChange={onChange}
      />
    </Flex>
  );
}
