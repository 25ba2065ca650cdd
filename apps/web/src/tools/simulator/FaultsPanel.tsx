import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { SimFault } from '@lab/core/contract';
import { FAULT_STATUSES, type FaultStatus } from '@lab/core/simulator';
import { fillMessage, useI18n, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { draftOf, FAULT_TARGETS, faultBody, sameDraft, type FaultDraft, type FaultTarget } from './faults';
import { messages } from './messages';
import { simulatorActions, simulatorQueries } from './simulatorApi';

type FaultsReply = { faults: SimFault[] };

/** The fault switchboard: latency, jitter, an error status at a rate, token expired and hang, per endpoint. */
export function FaultsPanel() {
  const m = useMessages(messages);
  const { lang } = useI18n();
  const queryClient = useQueryClient();
  const faults = useQuery(simulatorQueries.faults);
  const [drafts, setDrafts] = useState<Record<string, FaultDraft>>({});
  const [onlyActive, setOnlyActive] = useState(false);

  const byId = useMemo(() => new Map((faults.data?.faults ?? []).map((f) => [f.endpointId, f])), [faults.data]);
  const nameOf = (t: FaultTarget) => (t.name ? t.name[lang] : m.tokenEndpoint);
  const target = (id: string) => FAULT_TARGETS.find((t) => t.id === id);
  const valueOf = (id: string) => drafts[id] ?? draftOf(byId.get(id));
  const edit = (id: string, change: Partial<FaultDraft>) =>
    setDrafts((prev) => ({ ...prev, [id]: { ...(prev[id] ?? draftOf(byId.get(id))), ...change } }));
  const forget = (id: string) =>
    setDrafts((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== id)));
  const store = (change: (list: SimFault[]) => SimFault[]) =>
    queryClient.setQueryData(simulatorQueries.faults.queryKey, (old: FaultsReply | undefined) =>
      old ? { faults: change(old.faults) } : old,
    );

  const set = useServerAction({
    mutationFn: (id: string) => simulatorActions.setFault(id, faultBody(valueOf(id))),
    onSuccess: (fault) => {
      store((list) => [...list.filter((f) => f.endpointId !== fault.endpointId), fault]);
      forget(fault.endpointId);
      notify.success(fillMessage(m.faultSet, { endpoint: nameOf(target(fault.endpointId)!) }));
    },
  });
  const clear = useServerAction({
    mutationFn: (id: string) => simulatorActions.clearFault(id),
    onSuccess: ({ endpointId }) => {
      store((list) => list.filter((f) => f.endpointId !== endpointId));
      forget(endpointId);
      notify.success(fillMessage(m.faultCleared, { endpoint: nameOf(target(endpointId)!) }));
    },
  });
  const clearAll = useServerAction({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await simulatorActions.clearFault(id);
      return ids;
    },
    onSuccess: (ids) => {
      setDrafts({});
      notify.success(fillMessage(m.faultsCleared, { n: ids.length }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueries.faults.queryKey }),
  });

  const activeIds = FAULT_TARGETS.filter((t) => byId.has(t.id)).map((t) => t.id);
  const rows = onlyActive ? FAULT_TARGETS.filter((t) => byId.has(t.id)) : FAULT_TARGETS;
  const busy = (id: string) => (set.isPending && set.variables === id) || (clear.isPending && clear.variables === id);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{m.faultsIntro}</Typography.Text>
      <Flex gap={12} align="center" wrap>
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
              <Space orientation="vertical" size={0}>
                <Space size={4}>
                  <Typography.Text strong>{nameOf(t)}</Typography.Text>
                  {byId.has(t.id) && <Tag color="orange">{m.active}</Tag>}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t.method} {t.path}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: m.colLatency,
            key: 'latency',
            width: 110,
            render: (_: unknown, t) => (
              <InputNumber<number>
                aria-label={`latency of ${t.id}`}
                size="small"
                min={0}
                max={120_000}
                precision={0}
                value={valueOf(t.id).latencyMs}
                onChange={(v) => edit(t.id, { latencyMs: v ?? 0 })}
                style={{ width: 96 }}
              />
            ),
          },
          {
            title: m.colJitter,
            key: 'jitter',
            width: 110,
            render: (_: unknown, t) => (
              <InputNumber<number>
                aria-label={`jitter of ${t.id}`}
                size="small"
                min={0}
                max={60_000}
                precision={0}
                value={valueOf(t.id).jitterMs}
                onChange={(v) => edit(t.id, { jitterMs: v ?? 0 })}
                style={{ width: 96 }}
              />
            ),
          },
          {
            title: m.colErrorStatus,
            key: 'status',
            width: 110,
            render: (_: unknown, t) => (
              <Select<FaultStatus | 0>
                aria-label={`error status of ${t.id}`}
                size="small"
                style={{ width: 96 }}
                value={valueOf(t.id).status ?? 0}
                options={[
                  { value: 0, label: m.noStatus },
                  ...FAULT_STATUSES.map((s) => ({ value: s, label: String(s) })),
                ]}
                onChange={(v) => edit(t.id, { status: v === 0 ? null : v })}
              />
            ),
          },
          {
            title: m.colRate,
            key: 'rate',
            width: 96,
            render: (_: unknown, t) => (
              <InputNumber<number>
                aria-label={`rate of ${t.id}`}
                size="small"
                min={0}
                max={100}
                precision={2}
                disabled={valueOf(t.id).status === null}
                value={valueOf(t.id).ratePercent}
                onChange={(v) => edit(t.id, { ratePercent: v ?? 0 })}
                style={{ width: 80 }}
              />
            ),
          },
          {
            title: m.colTokenExpired,
            key: 'tokenExpired',
            width: 90,
            render: (_: unknown, t) => (
              <Switch
                aria-label={`token expired on ${t.id}`}
                size="small"
                checked={valueOf(t.id).tokenExpired}
                onChange={(on) => edit(t.id, { tokenExpired: on })}
              />
            ),
          },
          {
            title: m.colHang,
            key: 'hang',
            width: 64,
            render: (_: unknown, t) => (
              <Switch
                aria-label={`hang on ${t.id}`}
                size="small"
                checked={valueOf(t.id).hang}
                onChange={(on) => edit(t.id, { hang: on })}
              />
            ),
          },
          {
            key: 'actions',
            width: 130,
            render: (_: unknown, t) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  aria-label={`set fault on ${t.id}`}
                  disabled={sameDraft(valueOf(t.id), draftOf(byId.get(t.id))) || busy(t.id)}
                  loading={set.isPending && set.variables === t.id}
                  onClick={() => set.mutate(t.id)}
                >
                  {m.setFault}
                </Button>
                <Button
                  size="small"
                  aria-label={`clear fault on ${t.id}`}
                  disabled={(!byId.has(t.id) && !drafts[t.id]) || busy(t.id)}
                  loading={clear.isPending && clear.variables === t.id}
                  onClick={() => (byId.has(t.id) ? clear.mutate(t.id) : forget(t.id))}
                >
                  {m.clearFault}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
