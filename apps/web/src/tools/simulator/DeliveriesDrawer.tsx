import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import type { SimDelivery, SimSubscription } from '@lab/core/contract';
import { fillMessage, useMessages } from '@/lib/i18n';
import { formatUtc } from './format';
import { messages } from './messages';
import { simulatorQueries } from './simulatorApi';

const STATE_COLOR = { pending: 'gold', delivered: 'green', failed: 'red' } as const;

/** A subscription's latest deliveries: each event's state, attempts, last answer and next retry. */
export function DeliveriesDrawer({ subscription, onClose }: { subscription?: SimSubscription; onClose: () => void }) {
  const m = useMessages(messages);
  const deliveries = useQuery({
    ...simulatorQueries.deliveries(subscription?.id ?? ''),
    enabled: subscription !== undefined,
  });
  return (
    <Drawer
      open={subscription !== undefined}
      onClose={onClose}
      size={1240}
      title={subscription ? fillMessage(m.deliveriesTitle, { url: subscription.url }) : ''}
      destroyOnHidden
    >
      {deliveries.error && <Typography.Text type="danger">{deliveries.error.message}</Typography.Text>}
      <Table<SimDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isFetching && !deliveries.data}
        dataSource={deliveries.data?.deliveries ?? []}
        pagination={false}
        locale={{ emptyText: m.noDeliveries }}
        columns={[
          { title: m.colEvent, dataIndex: 'eventType', key: 'event', width: 70 },
          { title: m.colTracking, dataIndex: 'trackingNumber', key: 'tracking', width: 140 },
          { title: m.colOccurred, key: 'occurred', width: 190, render: (_: unknown, d) => formatUtc(d.occurredAt) },
          {
            title: m.colState,
            key: 'state',
            render: (_: unknown, d) => <Tag color={STATE_COLOR[d.state]}>{m[d.state]}</Tag>,
          },
          { title: m.colAttempts, dataIndex: 'attempts', key: 'attempts', width: 80 },
          { title: m.colLastStatus, key: 'status', width: 90, render: (_: unknown, d) => d.lastStatus ?? '' },
          {
            title: m.colLastError,
            key: 'error',
            render: (_: unknown, d) => <Typography.Text type="danger">{d.lastError ?? ''}</Typography.Text>,
          },
          {
            title: m.colNextAttempt,
            key: 'next',
            width: 190,
            render: (_: unknown, d) => (d.nextAttemptAt ? formatUtc(d.nextAttemptAt) : ''),
          },
          {
            title: m.colDeliveredAt,
            key: 'delivered',
            width: 190,
            render: (_: unknown, d) => (d.deliveredAt ? formatUtc(d.deliveredAt) : ''),
          },
        ]}
      />
    </Drawer>
  );
}
