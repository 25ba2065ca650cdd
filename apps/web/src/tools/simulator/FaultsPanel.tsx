import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { SimFault } from '@lab/core/contract';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { FaultDialog } from './FaultDialog';
import { draftOf, FAULT_TARGETS, faultBody, type FaultDraft, type FaultTarget } from './faults';
import { messages, type SimulatorMessages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';

type FaultsReply = { faults: SimFault[] };

/** What a fault does, one tag per kind. */
function FaultTags({ fault, m }: { fault: SimFault; m: SimulatorMessages }) {
  const rate = Math.round(fault.rate * 10_000) / 100;
  return (
    <Space size={[0, 4]} wrap>
      {fault.latencyMs > 0 || fault.jitterMs > 0 ? (
        <Tag>
          {fillMessage(m.faultLatency, { ms: fault.latencyMs })}
          {fault.jitterMs > 0 ? ` ${fillMessage(m.faultJitter, { ms: fault.jitterMs })}` : ''}
        </Tag>
      ) : null}
      {fault.status !== null && <Tag color="red">{fillMessage(m.faultStatus, { status: fault.status, rate })}</Tag>}
      {fault.tokenExpired && <Tag color="orange">{m.colTokenExpired}</Tag>}
      {fault.hang && <Tag color="purple">{m.colHang}</Tag>}
    </Space>
  );
}

/** The fault switchboard: every endpoint with its fault, edited in a dialog, cleared one by one or all. */
export function FaultsPanel() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const queryClient = useQueryClient();
  const faults = useQuery(simulatorQueries.faults);
  const [onlyActive, setOnlyActive] = useState(false);
  const [editing, setEditing] = useState<FaultTarget>();
  const [problem, setProblem] = useState<string>();

  const byId = useMemo(() => new Map((faults.data?.faults ?? []).map((f) => [f.endpointId, f])), [faults.data]);
  const nameOf = (t: FaultTarget | undefined) => (t?.name ? t.name[lang] : m.tokenEndpoint);
  const targetOf = (id: string) => FAULT_TARGETS.find((t) => t.id === id);
  const store = (change: (list: SimFault[]) => SimFault[]) =>
    queryClient.setQueryData(simulatorQueries.faults.queryKey, (old: FaultsReply | undefined) =>
      old ? { faults: change(old.faults) } : old,
    );
  const initial = useMemo(() => draftOf(editing && byId.get(editing.id)), [editing, byId]);

  const set = useServerAction({
    mutationFn: ({ id, draft }: { id: string; draft: FaultDraft }) => simulatorActions.setFault(id, faultBody(draft)),
    onSuccess: (fault) => {
      store((list) => [...list.filter((f) => f.endpointId !== fault.endpointId), fault]);
      setEditing(undefined);
      notify.success(fillMessage(m.faultSet, { endpoint: nameOf(targetOf(fault.endpointId)) }));
    },
    onError: (err) => setProblem(err.message),
  });
  const clear = useServerAction({
    mutationFn: (id: string) => simulatorActions.clearFault(id),
    onSuccess: ({ endpointId }) => {
      store((list) => list.filter((f) => f.endpointId !== endpointId));
      notify.success(fillMessage(m.faultCleared, { endpoint: nameOf(targetOf(endpointId)) }));
    },
  });
  const clearAll = useServerAction({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await simulatorActions.clearFault(id);
      return ids;
    },
    onSuccess: (ids) => notify.success(fillMessage(m.faultsCleared, { n: ids.length })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueries.faults.queryKey }),
  });

  const activeIds = FAULT_TARGETS.filter((t) => byId.has(t.id)).map((t) => t.id);
  const rows = onlyActive ? FAULT_TARGETS.filter((t) => byId.has(t.id)) : FAULT_TARGETS;

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{m.faultsIntro}</Typography.Text>
      <Flex gap={12} align="center" wrap data-testid="faults-toolbar">
        <Space>
          <Switch aria-label="only active faults" size="small" checked={onlyActive} onChange={setOnlyActive} />
          <Typography.Text>{m.onlyActive}</Typography.Text>
        </Space>
        <Popconfirm
          title={fillMessage(m.clearAllConfirm, { n: activeIds.length })}
          okText={m.clearFault}
          cancelText={m.cancel}
          disabled={activeIds.length === 0}
          onConfirm={() => clearAll.mutateAsync(activeIds).catch(() => {})}
        >
          <Button danger disabled={activeIds.length === 0} loading={clearAll.isPending}>
            {m.clearAllFaults}
          </Button>
        </Popconfirm>
        {faults.error && <Typography.Text type="danger">{faults.error.message}</Typography.Text>}
      </Flex>
      <Table<FaultTarget>
        data-testid="faults-table"
        rowKey="id"
        size="small"
        loading={faults.isPending && !faults.error}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: m.noFaults }}
        columns={[
          {
            title: m.colEndpoint,
            key: 'endpoint',
            render: (_: unknown, t) => (
              <Space size={8} wrap>
                <Typography.Text strong>{nameOf(t)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t.method} {t.path}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: m.colFaultNow,
            key: 'fault',
            render: (_: unknown, t) => {
              const fault = byId.get(t.id);
              return fault ? (
                <FaultTags fault={fault} m={m} />
              ) : (
                <Typography.Text type="secondary">{m.noFault}</Typography.Text>
              );
            },
          },
          {
            key: 'actions',
            width: 150,
            render: (_: unknown, t) => (
              <Space size={4}>
                <Button
                  size="small"
                  aria-label={`edit fault on ${t.id}`}
                  onClick={() => {
                    setProblem(undefined);
                    setEditing(t);
                  }}
                >
                  {m.editFault}
                </Button>
                <Button
                  size="small"
                  aria-label={`clear fault on ${t.id}`}
                  disabled={!byId.has(t.id)}
                  loading={clear.isPending && clear.variables === t.id}
                  onClick={() => clear.mutate(t.id)}
                >
                  {m.clearFault}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <FaultDialog
        endpoint={editing ? nameOf(editing) : undefined}
        initial={initial}
        pending={set.isPending}
        problem={problem}
        onSet={(draft) => editing && set.mutate({ id: editing.id, draft })}
        onCancel={() => setEditing(undefined)}
      />
    </Space>
  );
}
