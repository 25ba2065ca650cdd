import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, List, Radio, Row, Steps, Tag, Tooltip, Typography } from 'antd';
import { renderZpl, useLabelServiceUrl } from '@/components/label-viewer';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { CheckTag } from './CheckTag';
import { LabelPreview } from './LabelPreview';
import { messages } from './messages';
import { IDLE, OrderRun, type RunState } from './orderRun';
import { RejectionPanel } from './RejectionPanel';
import { orderRequest, transactionChecks, type LabelOutput } from './ship';
import { getStratusOrder, postStratusOrder, type StratusAuth } from './stratusApi';

export interface ShipPanelProps {
  /** Whether the key pair is verified (Ship Now needs a token). */
  canShip: boolean;
  /** A live token and the api key (refreshing the token when it has expired), or undefined. */
  ensureAuth: () => Promise<StratusAuth | undefined>;
}

/** The ship-by-transaction panel: one 020 transaction in, an order posted and polled, its labels out. */
export function ShipPanel({ canShip, ensureAuth }: ShipPanelProps) {
  const m = useMessages(messages);
  const serviceUrl = useLabelServiceUrl();
  const [text, setText] = useState('');
  const [showErrorLabel, setShowErrorLabel] = useState(true);
  const [output, setOutput] = useState<LabelOutput>('PDF');
  const [rotated, setRotated] = useState(false);
  const [run, setRun] = useState<RunState>(IDLE);
  const [selected, setSelected] = useState(0);

  const checks = useMemo(() => transactionChecks(text), [text]);
  const ready = checks.format && checks.endField;

  const auth = useRef<StratusAuth | undefined>(undefined);
  const labelService = useRef(serviceUrl);
  labelService.current = serviceUrl;
  const runner = useRef<OrderRun | undefined>(undefined);
  useEffect(() => {
    const r = new OrderRun(
      {
        postOrder: (body, signal) => postStratusOrder(auth.current!, body, signal),
        getOrder: (id, signal) => getStratusOrder(auth.current!, id, signal),
        convertZpl: async (zpl, rotation, signal) =>
          (await renderZpl(labelService.current, zpl, { dpmm: 8, size: '4x6', rotation, format: 'pdf' }, signal)).blob,
        onError: (message) => notify.error(message),
      },
      setRun,
    );
    runner.current = r;
    // Leaving the page stops polling.
    return () => r.stop();
  }, []);

  // A new order starts at its first label (labels that arrive one by one keep the pick).
  useEffect(() => {
    if (run.labels.length === 0) setSelected(0);
  }, [run.labels.length]);

  const ship = async () => {
    const request = orderRequest(text, output);
    if (!request) return;
    const a = await ensureAuth();
    if (!a) return;
    auth.current = a;
    // The viewer's pdf.js loads while the order is pending, not after.
    void import('@/components/label-viewer/pdf').catch(() => {});
    runner.current?.start({
      request,
      output,
      rotation: output === 'ZPL' && rotated ? 180 : 0,
      showErrorLabel,
      names: { errorLabel: m.errorLabel, packageLabel: m.packageLabel, documentLabel: m.documentLabel },
    });
  };

  const optionsDisabled = !ready || run.running;
  /** A choice of the ship options, as buttons (disabled while an order runs or the input is not ready). */
  const option = <T extends string | boolean>(
    name: string,
    value: T,
    set: (next: T) => void,
    options: { value: T; label: string }[],
  ) => (
    <Radio.Group
      aria-label={name}
      optionType="button"
      disabled={optionsDisabled}
      value={value}
      onChange={(e) => set(e.target.value as T)}
      options={options}
    />
  );
  const picked = run.labels[selected];

  return (
    <Card title={m.shipTitle}>
      <Flex vertical gap="middle">
        <Input.TextArea
          aria-label={m.transaction}
          rows={8}
          value={text}
          placeholder={m.transactionPlaceholder}
          onChange={(e) => setText(e.target.value)}
          style={{ fontFamily: 'monospace' }}
        />
        <Flex wrap gap="small" align="center">
          <CheckTag ok={checks.format} yes={m.formatCorrect} no={m.formatIncorrect} testId="format-tag" />
          <CheckTag ok={checks.endField} yes={m.endFieldCorrect} no={m.endFieldIncorrect} testId="end-tag" />
          {option('error label', showErrorLabel, setShowErrorLabel, [
            { value: true, label: m.showErrorLabel },
            { value: false, label: m.notShow },
          ])}
          {option<LabelOutput>('output', output, setOutput, [
            { value: 'PDF', label: 'PDF' },
            { value: 'ZPL', label: 'ZPL' },
          ])}
          <Radio.Group
            aria-label="rotation"
            optionType="button"
            disabled={optionsDisabled || output !== 'ZPL'}
            value={output === 'ZPL' && rotated}
            onChange={(e) => setRotated(e.target.value as boolean)}
            options={[
              { value: false, label: m.original },
              { value: true, label: m.rotated },
            ]}
          />
          <Tooltip title={canShip ? undefined : m.needToken}>
            <Button
              type="primary"
              disabled={optionsDisabled || !canShip}
              loading={run.running}
              onClick={() => void ship()}
            >
              {m.shipNow}
            </Button>
          </Tooltip>
        </Flex>
        {run.step >= 0 && (
          <Steps
            data-testid="order-steps"
            size="small"
            current={run.step}
            status={run.status}
            items={[
              { title: m.stepPost, content: run.orderId ? <span data-i18n-data>{run.orderId}</span> : undefined },
              {
                title: m.stepGet,
                content: (
                  <span data-testid="tries">
                    {fillMessage(m.tried, { n: run.tries })}
                    {run.orderState ? (
                      <Tag style={{ marginLeft: 8 }} data-i18n-data>
                        {run.orderState}
                      </Tag>
                    ) : null}
                  </span>
                ),
              },
              { title: m.stepConvert, content: output === 'ZPL' ? m.convertZpl : m.convertPdf },
            ]}
          />
        )}
        {run.rejection && <RejectionPanel rejection={run.rejection} />}
        {(run.step === 3 || run.labels.length > 0) && (
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Typography.Title level={5}>{m.labels}</Typography.Title>
              {run.labels.length === 0 ? (
                <Empty description={run.orderState === 'FAILED' ? m.noErrorLabel : m.noLabels} />
              ) : (
                <List
                  size="small"
                  bordered
                  data-testid="label-list"
                  dataSource={run.labels}
                  renderItem={(label, i) => (
                    <List.Item
                      onClick={() => setSelected(i)}
                      style={{ cursor: 'pointer', background: i === selected ? '#f0e6fa' : undefined }}
                      data-selected={i === selected}
                    >
                      <Flex vertical gap={4}>
                        <span>{label.name}</span>
                        <Flex gap={4}>
                          <Tag color={label.error ? 'error' : label.type === 'doc' ? 'blue' : 'purple'} data-i18n-data>
                            {label.type}
                          </Tag>
                          <Tag data-i18n-data>{label.imgType}</Tag>
                        </Flex>
                      </Flex>
                    </List.Item>
                  )}
                />
              )}
            </Col>
            <Col xs={24} md={18}>
              {picked ? <LabelPreview key={`${selected}`} label={picked} /> : null}
            </Col>
          </Row>
        )}
      </Flex>
    </Card>
  );
}
