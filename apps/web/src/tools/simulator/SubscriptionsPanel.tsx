import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { SimSubscription } from '@lab/core/contract';
import type { SimEnvironmentName } from '@lab/core/simulator';
import { generateSecurityToken } from '@lab/core/webhooks';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { InspectorCard } from './InspectorCard';
import { messages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';
import { SwitchItem } from './SwitchItem';

interface AddForm {
  url: string;
  token: string;
  deliverTwice: boolean;
  outOfOrder: boolean;
}
const BLANK: AddForm = { url: '', token: '', deliverTwice: false, outOfOrder: false };
type Switches = Pick<SimSubscription, 'deliverTwice' | 'outOfOrder'>;

/** Webhook subscriptions of the environment: the inspector's one click, adding one, its switches, deliveries. */
export function SubscriptionsPanel({ environment }: { environment: SimEnvironmentName }) {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  const subscriptions = useQuery(simulatorQueries.subscriptions);
  const [form, setForm] = useState<AddForm>(BLANK);
  const [problem, setProblem] = useState<string>();
  const [shownId, setShownId] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: simulatorQueries.subscriptions.queryKey });

  const rows = (subscriptions.data?.subscriptions ?? []).filter((s) => s.environment === environment);
  const shown = subscriptions.data?.subscriptions.find((s) => s.id === shownId);
  const change = (patch: Partial<AddForm>) => {
    setForm((prev) => ({ ...prev, ...patch }));
    setProblem(undefined);
  };

  const add = useServerAction({
    mutationFn: (f: AddForm) => simulatorActions.subscribe({ ...f, environment }),
    onSuccess: (created) => {
      setForm(BLANK);
      notify.success(fillMessage(m.subscribed, { url: created.url }));
    },
    onError: (err) => setProblem(err.message),
    onSettled: refresh,
  });
  const update = useServerAction({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<Switches> }) =>
      simulatorActions.updateSubscription(id, patch),
    onSuccess: (s) => notify.success(fillMessage(m.subscriptionUpdated, { url: s.url })),
    onSettled: refresh,
  });
  const remove = useServerAction({
    mutationFn: (s: SimSubscription) => simulatorActions.unsubscribe(s.id),
    onSuccess: (_reply, s) => notify.success(fillMessage(m.subscriptionDeleted, { url: s.url })),
    onSettled: refresh,
  });

  const switchCell = (key: keyof Switches) => (_: unknown, s: SimSubscription) => (
    <Switch
      aria-label={`${key === 'deliverTwice' ? 'deliver twice' : 'out of order'} for ${s.url}`}
      size="small"
      checked={s[key]}
      loading={update.isPending && update.variables?.id === s.id && key in update.variables.patch}
      onChange={(on) => update.mutate({ id: s.id, patch: { [key]: on } })}
    />
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <InspectorCard environment={environment} subscriptions={subscriptions.data?.subscriptions ?? []} />
      <Card size="small" title={m.addTitle}>
        <Form layout="inline" onFinish={() => add.mutate(form)} style={{ rowGap: 8 }}>
          <Form.Item label={m.url} style={{ flex: '1 1 320px' }}>
            <Input
              aria-label="subscription URL"
              placeholder="https://example.test/hooks"
              value={form.url}
              onChange={(e) => change({ url: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={m.securityToken}>
            <Space.Compact>
              <Input.Password
                aria-label="subscription security token"
                autoComplete="off"
                style={{ width: 260 }}
                value={form.token}
                onChange={(e) => change({ token: e.target.value })}
              />
              <Button onClick={() => change({ token: generateSecurityToken() })}>{m.generate}</Button>
            </Space.Compact>
          </Form.Item>
          <SwitchItem label={m.deliverTwice} name="deliver twice" of={form} field="deliverTwice" set={change} />
          <SwitchItem label={m.outOfOrder} name="out of order" of={form} field="outOfOrder" set={change} />
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {m.subscribe}
          </Button>
        </Form>
        {problem && (
          <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} data-testid="subscribe-problem" />
        )}
      </Card>
      <Table<SimSubscription>
        data-testid="subscriptions-table"
        rowKey="id"
        size="small"
        loading={subscriptions.isPending && !subscriptions.error}
        dataSource={rows}
        pagination={false}
        locale={{
          emptyText: subscriptions.error ? (
            <Typography.Text type="danger">{subscriptions.error.message}</Typography.Text>
          ) : (
            fillMessage(m.noSubscriptions, { environment: environment === 'sandbox' ? m.sandbox : m.production })
          ),
        }}
        columns={[
          {
            title: m.colUrl,
            key: 'url',
            render: (_: unknown, s) => <Typography.Text code>{s.url}</Typography.Text>,
          },
          {
            title: m.colSource,
            key: 'source',
            width: 90,
            render: (_: unknown, s) =>
              s.source === 'settings' ? <Tag color="purple">{m.sourceSettings}</Tag> : <Tag>{m.sourceApi}</Tag>,
          },
          { title: m.deliverTwice, key: 'twice', width: 100, render: switchCell('deliverTwice') },
          { title: m.outOfOrder, key: 'order', width: 90, render: switchCell('outOfOrder') },
          { title: m.colDelivered, dataIndex: 'delivered', key: 'delivered', width: 80 },
          { title: m.colPending, dataIndex: 'pending', key: 'pending', width: 80 },
          {
            title: m.colFailed,
            key: 'failed',
            width: 70,
            render: (_: unknown, s) => (
              <Typography.Text type={s.failed > 0 ? 'danger' : undefined}>{s.failed}</Typography.Text>
            ),
          },
          {
            title: m.colLastError,
            key: 'lastError',
            render: (_: unknown, s) => <Typography.Text type="danger">{s.lastError ?? ''}</Typography.Text>,
          },
          {
            key: 'actions',
            width: 170,
            render: (_: unknown, s) => (
              <Space size={4}>
                <Button size="small" onClick={() => setShownId(s.id)}>
                  {m.deliveries}
                </Button>
                {s.source === 'settings' ? (
                  <Tooltip title={m.settingsNotDeletable}>
                    <Button size="small" danger disabled>
                      {m.delete}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={fillMessage(m.deleteConfirm, { url: s.url })}
                    okText={m.deleteOk}
                    cancelText={m.cancel}
                    onConfirm={() => remove.mutateAsync(s).catch(() => {})}
                  >
                    <Button size="small" danger>
                      {m.delete}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <DeliveriesDrawer subscription={shown} onClose={() => setShownId(undefined)} />
    </Space>
  );
}
