import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Col, Flex, Form, Row, Space, Tabs, Tag, Typography } from 'antd';
import type { CarrierEnvironment } from '@lab/core/carrier';
import type { OpenApiValidateReply } from '@lab/core/contract';
import {
  availability,
  buildShipPayload,
  defaultShipPayloadState,
  FALLBACK_DOCUMENT_ENUMS,
  formatShipDate,
  type ShipPayloadState,
} from '@lab/core/shipping/payload';
import { copyWithNotice } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSampleDay } from '@/lib/sampleDay';
import { useServerAction } from '@/lib/serverAction';
import { useDebounced } from '@/lib/useDebounced';
import { leavePlaygroundHandoff, PLAYGROUND_HANDOFF_PATH } from '@/lib/playground/handoff';
import { GeneratorContext, warningText, type Generator, type Patch } from './context';
import { FromTransaction } from './FromTransaction';
import { messages } from './messages';
import { AddressTab } from './AddressTab';
import { CommodityTab } from './CommodityTab';
import { GeneralTab } from './GeneralTab';
import { LabelTab } from './LabelTab';
import { PackageTab } from './PackageTab';
import { PaymentTab } from './PaymentTab';
import { ServiceTab } from './ServiceTab';
import { useShipEnums, validateShipPayload } from './shipPayloadApi';
import { restoreSessionState, saveSessionState } from './sessionState';

/**
 * The ship payload generator panel (issue 14): the page at /api/fapishippayloadgenerator and the
 * playground's "Ship Payload" dialog both render it. Every rule is in `@lab/core/shipping`.
 */
export interface ShipPayloadGeneratorProps {
  /** Given in the playground's dialog: puts the current payload into the current tab. */
  onUse?: (payload: unknown) => void;
  /** The environment the payload is meant for (the playground's active one; default sandbox): its ship date is that twin's today. */
  environment?: CarrierEnvironment;
}

/** The JSON viewer rebuilds this long after the last change (never on every keystroke). */
export const REBUILD_DEBOUNCE_MS = 300;
const FILE_NAME = 'ship-payload.json';

export default function ShipPayloadGenerator({ onUse, environment = 'sandbox' }: ShipPayloadGeneratorProps) {
  const m = useMessages(messages);
  const navigate = useNavigate();
  // Kept for the browser session (issue 31): leaving the page and coming back restores the payload.
  const [s, setState] = useState<ShipPayloadState>(() => restoreSessionState(new Date()));
  const latest = useRef(s);
  latest.current = s;
  useEffect(() => () => saveSessionState(latest.current), []);
  const set = useCallback(
    (patch: Patch) => setState((prev) => ({ ...prev, ...(typeof patch === 'function' ? patch(prev) : patch) })),
    [],
  );
  // The ship date is the sample day (the twin's today when it is the upstream, issue 39 item 6): the
  // browser's today until the clock answers, then that day, unless the person has set another
  // date meanwhile; a restored date before the day moves to it too (the carrier refuses it).
  const day = useSampleDay(environment);
  const datedFor = useRef(formatShipDate(new Date()));
  useEffect(() => {
    if (!day) return;
    const shipDate = latest.current.shipDate;
    if (shipDate !== day && (shipDate === datedFor.current || shipDate < day)) set({ shipDate: day });
    datedFor.current = day;
  }, [day, set]);
  const enumsQuery = useShipEnums();
  const enums = enumsQuery.data ?? FALLBACK_DOCUMENT_ENUMS;
  const imported = enumsQuery.data != null;

  const debounced = useDebounced(s, REBUILD_DEBOUNCE_MS);
  useEffect(() => saveSessionState(debounced), [debounced]);
  const result = useMemo(() => buildShipPayload(debounced, enums), [debounced, enums]);
  const json = useMemo(() => JSON.stringify(result.payload, null, 2), [result]);
  const totalWeight = (result.payload.requestedShipment as { totalWeight: number }).totalWeight;
  const a = useMemo(() => availability(s), [s]);
  const ctx: Generator = { s, set, a, enums, warnings: result.warnings, totalWeight, m };

  /** Actions use the state as it is now, not the last rebuild. */
  const current = () => buildShipPayload(s, enums).payload;

  const [validation, setValidation] = useState<OpenApiValidateReply | null>(null);
  const validate = useServerAction({ mutationFn: validateShipPayload, onSuccess: setValidation });

  const download = () => {
    const blob = new Blob([JSON.stringify(current(), null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    notify.success(fillMessage(m.downloaded, { file: FILE_NAME }));
  };

  const sendToPlayground = () => {
    leavePlaygroundHandoff({ endpointId: 'ship-create', body: current(), source: messages.en.title });
    void navigate(PLAYGROUND_HANDOFF_PATH);
  };

  return (
    <GeneratorContext.Provider value={ctx}>
      <div data-testid="ship-payload-generator">
        <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {m.title}
          </Typography.Title>
          <Tag color="orange" data-testid="ship-payload-experiment">
            {m.experiment}
          </Tag>
          <Typography.Text type="secondary">{m.intro}</Typography.Text>
        </Flex>
        <Typography.Paragraph type="secondary" data-testid="ship-payload-choices" style={{ marginBottom: 8 }}>
          {imported ? m.choicesImported : m.choicesBuiltIn}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Form layout="vertical" component="div">
              <Tabs
                data-testid="spg-tabs"
                destroyOnHidden
                items={[
                  { key: 'general', label: m.tabGeneral, children: <GeneralTab /> },
                  { key: 'label', label: m.tabLabel, children: <LabelTab /> },
                  { key: 'payment', label: m.tabPayment, children: <PaymentTab /> },
                  { key: 'address', label: m.tabAddress, children: <AddressTab /> },
                  { key: 'service', label: m.tabService, children: <ServiceTab /> },
                  { key: 'commodity', label: m.tabCommodity, children: <CommodityTab /> },
                  { key: 'package', label: m.tabPackage, children: <PackageTab /> },
                ]}
              />
            </Form>
          </Col>
          <Col xs={24} xl={10}>
            <Space wrap style={{ marginBottom: 8 }}>
              <Button onClick={() => void copyWithNotice(JSON.stringify(current(), null, 2), m.copied)}>
                {m.copy}
              </Button>
              <Button onClick={download}>{m.download}</Button>
              <Button loading={validate.isPending} onClick={() => validate.mutate(current())}>
                {m.validate}
              </Button>
              {onUse ? (
                <Button type="primary" data-testid="ship-payload-use" onClick={() => onUse(current())}>
                  {m.useInTab}
                </Button>
              ) : (
                <Button type="primary" onClick={sendToPlayground}>
                  {m.sendToPlayground}
                </Button>
              )}
              <FromTransaction onFill={(next) => setState(next)} />
              <Button
                onClick={() => setState({ ...defaultShipPayloadState(new Date()), ...(day ? { shipDate: day } : {}) })}
              >
                {m.reset}
              </Button>
            </Space>
            <Typography.Text strong>{m.requestJson}</Typography.Text>
            <pre
              data-testid="ship-payload-json"
              style={{
                height: 500,
                overflow: 'auto',
                margin: '4px 0 12px',
                padding: 8,
                fontSize: 12,
                background: 'rgba(0,0,0,0.03)',
                border: '1px solid rgba(0,0,0,0.1)',
                borderRadius: 6,
              }}
            >
              {json}
            </pre>
            {validation ? <ValidationResult reply={validation} /> : null}
            <Typography.Text strong>{m.warnings}</Typography.Text>
            {result.warnings.length === 0 ? (
              <Typography.Paragraph type="secondary">{m.noWarnings}</Typography.Paragraph>
            ) : (
              <ul data-testid="ship-payload-warnings" style={{ paddingLeft: 18 }}>
                {result.warnings.map((w, i) => (
                  <li key={i}>
                    <Typography.Text type="warning">{warningText(w, m)}</Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Col>
        </Row>
      </div>
    </GeneratorContext.Provider>
  );
}

function ValidationResult({ reply }: { reply: OpenApiValidateReply }) {
  const m = useMessages(messages);
  if (!reply.imported)
    return (
      <Alert
        data-testid="ship-payload-validation"
        type="info"
        showIcon
        title={m.validateNotImported}
        style={{ marginBottom: 12 }}
      />
    );
  const lenient =
    reply.lenient.length > 0 ? fillMessage(m.validateLenient, { fields: reply.lenient.join(', ') }) : undefined;
  if (reply.valid) {
    return (
      <Alert
        data-testid="ship-payload-validation"
        type="success"
        showIcon
        title={m.validateOk}
        description={lenient}
        style={{ marginBottom: 12 }}
      />
    );
  }
  return (
    <Alert
      data-testid="ship-payload-validation"
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={fillMessage(m.validateProblems, { n: reply.problems.length })}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }} data-i18n-data>
          {reply.problems.map((p, i) => (
            <li key={i}>
              <Typography.Text code>{p.path}</Typography.Text> {p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
