import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TrafficEntry } from '@lab/core/contract';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { formatBytes, formatDuration, formatUtc } from './format';
import { messages, type SimulatorMessages } from './messages';
import { simulatorActions, simulatorQueries, TRAFFIC_HAR_URL } from './simulatorApi';
import { TrafficDrawer } from './TrafficDrawer';

type Verdict = TrafficEntry['conformance']['request'];

function verdictText(m: SimulatorMessages, verdict: Verdict): string {
  if (verdict === null) return m.noDocument;
  if (verdict.ok) return m.conforms;
  return verdict.issues.length === 1 ? m.oneIssue : fillMessage(m.issues, { n: verdict.issues.length });
}

function VerdictTag({ label, verdict }: { label: string; verdict: Verdict }) {
  const m = useMessages(messages);
  const color = verdict === null ? undefined : verdict.ok ? 'green' : 'red';
  return <Tag color={color}>{fillMessage(m.verdict, { side: label, verdict: verdictText(m, verdict) })}</Tag>;
}

function statusColor(status: number): string | undefined {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 200 && status < 300) return 'green';
  return undefined;
}

/** The traffic log, newest first, live: each call's verdict; an entry opens its request and reply. */
export function TrafficPanel() {
  const m = useMessages(messages);
  const queryClient = useQueryClient();
  const traffic = useQuery(simulatorQueries.traffic);
  // The entry opened stays as it was read, whatever the live log does meanwhile.
  const [opened, setOpened] = useState<TrafficEntry>();
  const entries = traffic.data?.entries ?? [];

  const clear = useServerAction({
    mutationFn: () => simulatorActions.clearTraffic(),
    onSuccess: ({ deleted }) => notify.success(fillMessage(m.trafficCleared, { n: deleted })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueries.traffic.queryKey }),
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Flex gap={8} align="center" wrap>
        <Button icon={<DownloadOutlined />} href={TRAFFIC_HAR_URL} download="traffic.har">
          {m.exportHar}
        </Button>
        <Popconfirm
          title={m.clearTrafficConfirm}
          okText={m.clearTraffic}
          cancelText={m.cancel}
          onConfirm={() => clear.mutateAsync().catch(() => {})}
        >
          <Button danger>{m.clearTraffic}</Button>
        </Popconfirm>
        {traffic.data && (
          <Typography.Text type="secondary" data-testid="traffic-kept">
            {fillMessage(m.trafficKept, {
              total: traffic.data.total,
              maxEntries: traffic.data.maxEntries,
              maxBytes: formatBytes(traffic.data.maxBytes),
            })}
          </Typography.Text>
        )}
        {traffic.error && <Typography.Text type="danger">{traffic.error.message}</Typography.Text>}
      </Flex>
      <Table<TrafficEntry>
        data-testid="traffic-table"
        rowKey="id"
        size="small"
        loading={traffic.isPending && !traffic.error}
        dataSource={entries}
        pagination={false}
        locale={{ emptyText: m.noTraffic }}
        onRow={(e) => ({ onClick: () => setOpened(e), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: m.colTime,
            key: 'time',
            width: 210,
            render: (_: unknown, e) => formatUtc(e.startedAt, { ms: true }),
          },
          { title: m.source, dataIndex: 'source', key: 'source', width: 100 },
          { title: m.colMethod, dataIndex: 'method', key: 'method', width: 70 },
          {
            title: m.colUrl,
            key: 'url',
            render: (_: unknown, e) => <Typography.Text style={{ wordBreak: 'break-all' }}>{e.url}</Typography.Text>,
          },
          {
            title: m.colStatus,
            key: 'status',
            width: 70,
            render: (_: unknown, e) => <Tag color={statusColor(e.status)}>{e.status}</Tag>,
          },
          {
            title: m.colDuration,
            key: 'duration',
            width: 90,
            align: 'right',
            render: (_: unknown, e) => formatDuration(e.durationMs),
          },
          {
            title: m.colFault,
            key: 'fault',
            width: 120,
            render: (_: unknown, e) => (e.fault ? <Tag color="orange">{e.fault}</Tag> : ''),
          },
          {
            title: m.colConformance,
            key: 'conformance',
            width: 290,
            render: (_: unknown, e) => (
              <Space size={0} wrap>
                <VerdictTag label={m.request} verdict={e.conformance.request} />
                <VerdictTag label={m.reply} verdict={e.conformance.response} />
              </Space>
            ),
          },
        ]}
      />
      <TrafficDrawer entry={opened} onClose={() => setOpened(undefined)} />
    </Space>
  );
}
