import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import type { SimShipment, SimShipmentsReply } from '@lab/core/contract';
import { SIM_SCENARIOS, type SimEnvironmentName, type SimScenario } from '@lab/core/simulator';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { formatPlace, formatUtc } from './format';
import { messages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';
import { useAdvance } from './useAdvance';
import { statusTag, statusWords } from './statusWords';

type ShipmentEvent = SimShipment['events'][number];

function EventsTable({ shipment }: { shipment: SimShipment }) {
  const m = useMessages(messages);
  return (
    <Table<ShipmentEvent>
      size="small"
      rowKey={(e) => `${e.at}-${e.eventType}-${e.eventDescription}`}
      dataSource={shipment.events}
      pagination={false}
      aria-label={`events of ${shipment.trackingNumber}`}
      onRow={(e) => ({ style: e.due ? undefined : { color: '#8c8c8c' } })}
      columns={[
        { title: m.colTime, key: 'at', width: 200, render: (_: unknown, e) => formatUtc(e.at) },
        { title: m.colEvent, dataIndex: 'eventType', key: 'type', width: 70 },
        { title: m.colDescription, dataIndex: 'eventDescription', key: 'description' },
        { title: m.colLocation, key: 'location', render: (_: unknown, e) => formatPlace(e.location) },
        {
          title: m.colDue,
          key: 'due',
          width: 110,
          render: (_: unknown, e) => (e.due ? <Tag color="green">{m.due}</Tag> : <Tag>{m.notYetDue}</Tag>),
        },
      ]}
    />
  );
}

/** The twin's shipments of the environment: state, scenario, events due and not yet due, "to delivery". */
export function ShipmentsPanel({ environment }: { environment: SimEnvironmentName }) {
  const m = useMessages(messages);
  const words = useMessages(statusWords);
  const queryClient = useQueryClient();
  const query = simulatorQueries.shipments(environment);
  const shipments = useQuery(query);
  const advance = useAdvance(environment);

  const scenario = useServerAction({
    mutationFn: ({ trackingNumber, to }: { trackingNumber: string; to: SimScenario }) =>
      simulatorActions.setScenario(trackingNumber, to),
    onSuccess: (updated) => {
      queryClient.setQueryData(query.queryKey, (old: SimShipmentsReply | undefined) =>
        old
          ? { shipments: old.shipments.map((s) => (s.trackingNumber === updated.trackingNumber ? updated : s)) }
          : old,
      );
      notify.success(
        fillMessage(m.scenarioSet, { trackingNumber: updated.trackingNumber, scenario: m[updated.scenario] }),
      );
    },
  });

  const environmentName = environment === 'sandbox' ? m.sandbox : m.production;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table<SimShipment>
        rowKey="trackingNumber"
        size="small"
        loading={shipments.isPending && !shipments.error}
        dataSource={shipments.data?.shipments ?? []}
        pagination={false}
        expandable={{ expandedRowRender: (s) => <EventsTable shipment={s} /> }}
        locale={{
          emptyText: shipments.error ? (
            <Typography.Text type="danger">{shipments.error.message}</Typography.Text>
          ) : (
            <Empty
              description={
                <span>
                  {fillMessage(m.noShipments, { environment: environmentName })}{' '}
                  <Link to="/api/fapi">{m.openPlayground}</Link>
                </span>
              }
            />
          ),
        }}
        columns={[
          {
            title: m.colTracking,
            key: 'tracking',
            width: 200,
            render: (_: unknown, s) => (
              <Space size={4} wrap>
                <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                  {s.trackingNumber}
                </Typography.Text>
                {s.pieces.length > 1 && <Tag>{fillMessage(m.pieces, { n: s.pieces.length })}</Tag>}
                {s.international && <Tag color="blue">{m.international}</Tag>}
                {s.cancelled && <Tag color="red">{m.cancelled}</Tag>}
              </Space>
            ),
          },
          { title: m.colService, dataIndex: 'serviceType', key: 'service' },
          {
            title: m.colRoute,
            key: 'route',
            render: (_: unknown, s) => `${formatPlace(s.origin)} → ${formatPlace(s.destination)}`,
          },
          {
            title: m.colScenario,
            key: 'scenario',
            width: 190,
            render: (_: unknown, s) => (
              <Select<SimScenario>
                aria-label={`scenario of ${s.trackingNumber}`}
                size="small"
                style={{ width: 175 }}
                value={s.scenario}
                disabled={s.cancelled}
                loading={scenario.isPending && scenario.variables?.trackingNumber === s.trackingNumber}
                options={SIM_SCENARIOS.map((value) => ({ value, label: m[value] }))}
                onChange={(to) => scenario.mutate({ trackingNumber: s.trackingNumber, to })}
              />
            ),
          },
          {
            title: m.colStatus,
            key: 'status',
            render: (_: unknown, s) => (
              <Tag color={s.status.code === 'DL' ? 'green' : undefined}>{statusTag(words, s.status)}</Tag>
            ),
          },
          {
            title: m.colEvents,
            key: 'events',
            width: 150,
            render: (_: unknown, s) =>
              fillMessage(m.eventsDue, { due: s.events.filter((e) => e.due).length, n: s.events.length }),
          },
          { title: m.colEnds, key: 'ends', width: 190, render: (_: unknown, s) => formatUtc(s.endsAt) },
          {
            key: 'deliver',
            width: 120,
            render: (_: unknown, s) => {
              const done = s.events.every((e) => e.due);
              const button = (
                <Button
                  size="small"
                  disabled={done || s.cancelled}
                  loading={
                    advance.isPending &&
                    advance.variables &&
                    'until' in advance.variables &&
                    advance.variables.until === s.endsAt
                  }
                  onClick={() => advance.mutate({ until: s.endsAt })}
                >
                  {m.toDelivery}
                </Button>
              );
              return done ? <Tooltip title={m.allDue}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
      <Typography.Text type="secondary">{m.scenarioHint}</Typography.Text>
    </Space>
  );
}
