import { useSearchParams } from 'react-router';
import { Badge, Card, Flex, Segmented, Space, Tabs, Typography } from 'antd';
import { CARRIER_ENVIRONMENTS } from '@lab/core/carrier';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { useMessages } from '@/lib/i18n';
import { ClockBar } from './ClockBar';
import { credentialsMessages } from './credentialsMessages';
import { CredentialsPanel } from './CredentialsPanel';
import { FaultsPanel } from './FaultsPanel';
import { useSimulatorLive } from './live';
import { messages } from './messages';
import { ShipmentsPanel } from './ShipmentsPanel';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { TrafficPanel } from './TrafficPanel';

const TABS = ['shipments', 'faults', 'subscriptions', 'traffic', 'credentials'] as const;
type Tab = (typeof TABS)[number];

/**
 * The Simulator: the twin's environment, its clock, and a tab each for shipments, faults,
 * subscriptions, traffic and twin credentials.
 */
export default function SimulatorPage() {
  const m = useMessages(messages);
  const cm = useMessages(credentialsMessages);
  const [params, setParams] = useSearchParams();
  const environment: SimEnvironmentName = params.get('env') === 'production' ? 'production' : 'sandbox';
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'shipments';
  const { connected } = useSimulatorLive();

  const setParam = (key: string, value: string, fallback: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const label: Record<Tab, string> = {
    shipments: m.tabShipments,
    faults: m.tabFaults,
    subscriptions: m.tabSubscriptions,
    traffic: m.tabTraffic,
    credentials: cm.tabCredentials,
  };

  return (
    <div>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {m.title}
        </Typography.Title>
        <Badge status={connected ? 'success' : 'default'} text={connected ? m.live : m.offline} />
      </Flex>
      <Typography.Paragraph type="secondary">{m.intro}</Typography.Paragraph>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Card size="small">
          <Flex gap={16} wrap align="start">
            <Space align="center" style={{ minHeight: 32 }}>
              <Typography.Text strong>{m.environment}</Typography.Text>
              <Segmented<SimEnvironmentName>
                aria-label="environment"
                value={environment}
                options={CARRIER_ENVIRONMENTS.map((value) => ({
                  value,
                  label: value === 'sandbox' ? m.sandbox : m.production,
                }))}
                onChange={(value) => setParam('env', value, 'sandbox')}
              />
            </Space>
            <div style={{ flex: 1, minWidth: 0 }}>
              <ClockBar environment={environment} />
            </div>
          </Flex>
        </Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParam('tab', key, 'shipments')}
          items={TABS.map((key) => ({
            key,
            label: label[key],
            children:
              key === 'shipments' ? (
                <ShipmentsPanel environment={environment} />
              ) : key === 'faults' ? (
                <FaultsPanel />
              ) : key === 'subscriptions' ? (
                <SubscriptionsPanel environment={environment} />
              ) : key === 'traffic' ? (
                <TrafficPanel />
              ) : (
                <CredentialsPanel environment={environment} />
              ),
          }))}
        />
      </Space>
    </div>
  );
}
