import { useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Collapse, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import {
  buildSplunkQuery,
  DEFAULT_SPLUNK_SETTINGS,
  SPLUNK_PLACEHOLDERS,
  SPLUNK_RELATIVE_RANGES,
  type SplunkSettings,
  type SplunkTimeRange,
} from '@lab/core/text';
import type { CarrierEnvironment } from '@lab/core/carrier';
import { copyWithNotice } from '@/lib/clipboard';
import { loadSplunkSettings, saveSplunkSettings } from './settings';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** Endpoints of the carrier's REST APIs people most often look for in the gateway logs. */
const ENDPOINTS = [
  '/oauth/token',
  '/ship/v1/shipments',
  '/ship/v1/shipments/cancel',
  '/rate/v1/rates/quotes',
  '/track/v1/trackingnumbers',
  '/address/v1/addresses/resolve',
  '/availability/v1/transittimes',
  '/location/v1/locations',
  '/pickup/v1/pickups',
  '/documents/v1/etds/upload',
].map((value) => ({ value }));

const CUSTOM = 'custom';

type IdField = 'transactionId' | 'trackingNumber' | 'accountNumber';
const ID_FIELDS: { name: IdField; label: string; maxLength: number }[] = [
  { name: 'transactionId', label: 'Customer transaction id', maxLength: 100 },
  { name: 'trackingNumber', label: 'Tracking number', maxLength: 40 },
  { name: 'accountNumber', label: 'Account number', maxLength: 20 },
];

/** A form that writes the search for the API gateway logs (template and defaults editable). */
export default function SplunkTab() {
  const [settings, setSettings] = useState<SplunkSettings>(loadSplunkSettings);
  const m = useMessages(messages);
  const [environment, setEnvironment] = useState<CarrierEnvironment>('production');
  const [ids, setIds] = useState<Record<IdField, string>>({ transactionId: '', trackingNumber: '', accountNumber: '' });
  const [endpoint, setEndpoint] = useState('');
  const [rangeChoice, setRangeChoice] = useState<string>('-24h');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const built = useMemo(() => {
    const range: SplunkTimeRange =
      rangeChoice === CUSTOM ? { kind: 'absolute', from, to } : { kind: 'relative', earliest: rangeChoice };
    return buildSplunkQuery({ environment, ...ids, endpoint, range }, settings);
  }, [environment, ids, endpoint, rangeChoice, from, to, settings]);

  function updateSettings(next: SplunkSettings) {
    setSettings(next);
    saveSplunkSettings(next);
  }

  return (
    <Flex vertical gap="middle">
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label={m.environment}>
          <Radio.Group
            optionType="button"
            value={environment}
            onChange={(e) => setEnvironment(e.target.value as CarrierEnvironment)}
            options={[
              { value: 'sandbox', label: m.sandbox },
              { value: 'production', label: m.production },
            ]}
          />
        </Form.Item>
        <Space wrap align="start">
          {ID_FIELDS.map((f) => (
            <Form.Item key={f.name} label={m[f.name]}>
              <Input
                aria-label={f.label.toLowerCase()}
                value={ids[f.name]}
                maxLength={f.maxLength}
                onChange={(e) => setIds((v) => ({ ...v, [f.name]: e.target.value }))}
                allowClear
              />
            </Form.Item>
          ))}
        </Space>
        <Space wrap align="start">
          <Form.Item label={m.endpoint}>
            <AutoComplete
              aria-label="endpoint"
              options={ENDPOINTS}
              value={endpoint}
              onChange={(v: string) => setEndpoint(v)}
              style={{ width: 300 }}
              allowClear
              showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input) }}
            />
          </Form.Item>
          <Form.Item label={m.timeRange}>
            <Select
              aria-label="time range"
              value={rangeChoice}
              onChange={(v: string) => setRangeChoice(v)}
              options={[
                ...SPLUNK_RELATIVE_RANGES.map((r) => ({ value: r.earliest, label: m[r.earliest] })),
                { value: CUSTOM, label: m.custom },
              ]}
              style={{ width: 180 }}
            />
          </Form.Item>
          {rangeChoice === CUSTOM && (
            <Form.Item label={m.fromTo}>
              <Space>
                <Input type="datetime-local" aria-label="from" value={from} onChange={(e) => setFrom(e.target.value)} />
                <Input type="datetime-local" aria-label="to" value={to} onChange={(e) => setTo(e.target.value)} />
              </Space>
            </Form.Item>
          )}
        </Space>
      </Form>
      {built.ok ? (
        <Flex vertical gap="small">
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="splunk-query">
            {built.query}
          </Typography.Paragraph>
          <div>
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copyWithNotice(built.query, m.copied)}>
              {m.copyQuery}
            </Button>
          </div>
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={built.message} />
      )}
      <Collapse
        size="small"
        items={[
          {
            key: 'settings',
            label: m.settings,
            children: (
              <Form layout="vertical" style={{ maxWidth: 720 }}>
                <Space wrap>
                  <Form.Item label={m.sandboxIndex}>
                    <Input
                      aria-label="sandbox index"
                      value={settings.index.sandbox}
                      onChange={(e) =>
                        updateSettings({ ...settings, index: { ...settings.index, sandbox: e.target.value } })
                      }
                    />
                  </Form.Item>
                  <Form.Item label={m.productionIndex}>
                    <Input
                      aria-label="production index"
                      value={settings.index.production}
                      onChange={(e) =>
                        updateSettings({ ...settings, index: { ...settings.index, production: e.target.value } })
                      }
                    />
                  </Form.Item>
                  <Form.Item label={m.sourcetype}>
                    <Input
                      aria-label="sourcetype"
                      value={settings.sourcetype}
                      onChange={(e) => updateSettings({ ...settings, sourcetype: e.target.value })}
                    />
                  </Form.Item>
                </Space>
                <Form.Item
                  label={m.template}
                  extra={fillMessage(m.templateHelp, { names: SPLUNK_PLACEHOLDERS.join(', ') })}
                >
                  <Input.TextArea
                    aria-label="template"
                    autoSize={{ minRows: 2, maxRows: 6 }}
                    value={settings.template}
                    onChange={(e) => updateSettings({ ...settings, template: e.target.value })}
                  />
                </Form.Item>
                <Button onClick={() => updateSettings(DEFAULT_SPLUNK_SETTINGS)}>{m.reset}</Button>
              </Form>
            ),
          },
        ]}
      />
    </Flex>
  );
}
