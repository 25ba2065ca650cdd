import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  AutoComplete,
  Badge,
  Button,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, QuestionCircleFilled } from '@ant-design/icons';
import type { WebhookSummary } from '@lab/core/contract';
import { generateSecurityToken } from '@lab/core/webhooks';
import { copyToClipboard } from '@/lib/clipboard';
import { useClientConfig } from '@/lib/config';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useRealtime } from '@/lib/realtime';
import { secureStorage } from '@/lib/secureStorage';
import { useServerAction } from '@/lib/serverAction';
import { PayloadViewer, type ViewerMode } from './PayloadViewer';
import { SchemaDialog } from './SchemaDialog';
import {
  CHANNEL_PATTERN,
  checkStoredSignature,
  DEFAULT_CHANNEL,
  deleteWebhooks,
  destinationUrl,
  formatShanghaiTime,
  TOKEN_STORAGE_KEY,
  webhookQueries,
  type SignatureCheck,
} from './webhookApi';

const CHANNELS_STORAGE_KEY = 'fdxWebhook.channels';

function knownChannels(): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(CHANNELS_STORAGE_KEY) ?? '[]') as unknown;
    const list = Array.isArray(saved)
      ? saved.filter((c): c is string => typeof c === 'string' && CHANNEL_PATTERN.test(c))
      : [];
    return [...new Set([DEFAULT_CHANNEL, ...list])];
  } catch {
    return [DEFAULT_CHANNEL];
  }
}

function SignatureIcon({ check }: { check: SignatureCheck | undefined }) {
  if (!check) {
    return (
      <Tooltip title="Not checked yet: enter the security token and press check signature">
        <QuestionCircleFilled aria-label="signature unknown" style={{ color: '#bfbfbf' }} />
      </Tooltip>
    );
  }
  const tip = (
    <div>
      <div>expected: {check.expected}</div>
      <div>received: {check.received ?? '(no x-fedex-signature header)'}</div>
    </div>
  );
  return (
    <Tooltip title={tip}>
      {check.status === 'match' ? (
        <CheckCircleFilled aria-label="signature match" style={{ color: '#52c41a' }} />
      ) : (
        <CloseCircleFilled aria-label="signature mismatch" style={{ color: '#ff4d4f' }} />
      )}
    </Tooltip>
  );
}

export default function FdxWebhookPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('channel') ?? DEFAULT_CHANNEL;
  const channel = CHANNEL_PATTERN.test(requested) ? requested : DEFAULT_CHANNEL;
  const [channelInput, setChannelInput] = useState(channel);
  const [channels, setChannels] = useState(knownChannels);
  const [token, setToken] = useState('');
  const [checks, setChecks] = useState<Record<number, SignatureCheck>>({});
  const [selectedId, setSelectedId] = useState<number>();
  const [mode, setMode] = useState<ViewerMode>('code');
  const [schemaOpen, setSchemaOpen] = useState(false);
  const queryClient = useQueryClient();
  const config = useClientConfig();

  useEffect(() => {
    let live = true;
    void secureStorage.get<string>(TOKEN_STORAGE_KEY).then((saved) => live && saved && setToken(saved));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => setChannelInput(channel), [channel]);
  useEffect(() => {
    setChecks({});
    setSelectedId(undefined);
  }, [channel]);

  const list = useQuery(webhookQueries.list(channel));
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const selected = rows.find((r) => r.id === selectedId) ?? rows[0];
  const detail = useQuery({
    ...webhookQueries.detail(channel, selected?.id ?? 0),
    enabled: selected !== undefined,
  });

  const { connected } = useRealtime([`webhooks/${channel}`], (_topic, data) => {
    void queryClient.invalidateQueries({ queryKey: webhookQueries.list(channel).queryKey });
    if ((data as { type?: string } | null)?.type === 'received')
      notify.info('Result refreshed', NOTIFY_SECONDS.default);
  });

  const changeChannel = (value: string) => {
    const next = value.trim();
    if (!CHANNEL_PATTERN.test(next)) {
      notify.error('A channel is 1 to 40 lower-case letters, digits or dashes');
      setChannelInput(channel);
      return;
    }
    const updated = [...new Set([...channels, next])];
    setChannels(updated);
    localStorage.setItem(CHANNELS_STORAGE_KEY, JSON.stringify(updated.filter((c) => c !== DEFAULT_CHANNEL)));
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('channel', next);
      return n;
    });
  };

  const saveToken = (value: string) => {
    setToken(value);
    setChecks({});
    void (value ? secureStorage.set(TOKEN_STORAGE_KEY, value) : secureStorage.remove(TOKEN_STORAGE_KEY));
  };

  const signatures = useServerAction({
    mutationFn: async (list: WebhookSummary[]) => {
      const results: Record<number, SignatureCheck> = {};
      for (const row of list) {
        const d = await queryClient.fetchQuery(webhookQueries.detail(channel, row.id));
        results[row.id] = await checkStoredSignature(d, token);
      }
      return results;
    },
    onSuccess: (results, list) => {
      setChecks(results);
      const bad = Object.values(results).filter((r) => r.status === 'mismatch').length;
      if (bad) notify.warning(`${bad} of ${list.length} signatures do not match`);
      else notify.success(`All ${list.length} signatures match`);
    },
  });
  const checkSignatures = () => {
    if (!token) notify.warning('Enter the security token first');
    else signatures.mutate(rows);
  };

  /** Deletes one delivery, or all of the channel's when `id` is undefined; the list reloads either way. */
  const remove = useServerAction({
    mutationFn: (id: number | undefined) => deleteWebhooks(channel, id),
    onSuccess: ({ deleted }, id) => notify.success(id === undefined ? `Deleted ${deleted}` : 'Deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list(channel).queryKey }),
  });
  // Popconfirm keeps its OK button loading until the promise settles; the failure is already shown.
  const removeAll = () => remove.mutateAsync(undefined).catch(() => {});
  const removeOne = (id: number) => remove.mutateAsync(id).catch(() => {});

  const url = destinationUrl(config.data?.publicBaseUrl, window.location.origin, channel);

  const columns = [
    { title: '#', key: 'index', width: 48, render: (_: unknown, _r: WebhookSummary, i: number) => i + 1 },
    {
      title: 'signature',
      key: 'signature',
      width: 90,
      render: (_: unknown, r: WebhookSummary) => <SignatureIcon check={checks[r.id]} />,
    },
    {
      title: 'path',
      dataIndex: 'path',
      key: 'path',
      render: (p: string, r: WebhookSummary) => (
        <span>
          {p} {!r.isJson && <Tag>not JSON</Tag>}
        </span>
      ),
    },
    { title: 'time', dataIndex: 'receivedAt', key: 'time', width: 170, render: (t: string) => formatShanghaiTime(t) },
    { title: 'transaction id', dataIndex: 'transactionId', key: 'tx', render: (t: string | null) => t ?? '' },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Shipment Visibility Webhook
      </Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>Channel</Typography.Text>
          <AutoComplete
            aria-label="channel"
            style={{ width: 220 }}
            value={channelInput}
            options={channels.map((c) => ({ value: c }))}
            onChange={setChannelInput}
            onSelect={changeChannel}
            onBlur={() => channelInput !== channel && changeChannel(channelInput)}
            onKeyDown={(e) => e.key === 'Enter' && changeChannel(channelInput)}
          />
          <Typography.Text strong>Destination URL</Typography.Text>
          <Typography.Text code data-testid="destination-url">
            {url}
          </Typography.Text>
          <Button
            icon={<CopyOutlined />}
            aria-label="copy destination URL"
            onClick={async () =>
              (await copyToClipboard(url)) ? notify.success('Copied') : notify.error('Copy failed')
            }
          />
          <Badge status={connected ? 'success' : 'default'} text={connected ? 'live' : 'offline'} />
        </Flex>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>Security token</Typography.Text>
          <Input.Password
            aria-label="security token"
            style={{ width: 320 }}
            value={token}
            autoComplete="off"
            onChange={(e) => saveToken(e.target.value)}
          />
          <Button type="primary" loading={signatures.isPending} onClick={checkSignatures}>
            check signature
          </Button>
          <Button onClick={() => saveToken(generateSecurityToken())}>generate</Button>
          <Button onClick={() => setSchemaOpen(true)}>view schema</Button>
          <Popconfirm
            title={`Delete every webhook of channel ${channel}?`}
            okText="Delete"
            onConfirm={() => removeAll()}
            disabled={rows.length === 0}
          >
            <Button danger disabled={rows.length === 0}>
              delete all
            </Button>
          </Popconfirm>
        </Flex>
        <Flex gap={16} align="start" wrap>
          <div style={{ flex: '1 1 480px', minWidth: 0 }}>
            <Table
              rowKey="id"
              size="small"
              loading={list.isPending}
              columns={columns}
              dataSource={rows}
              pagination={false}
              locale={{ emptyText: <Empty description={`Nothing received on ${channel} yet`} /> }}
              rowClassName={(r) => (r.id === selected?.id ? 'ant-table-row-selected' : '')}
              onRow={(r) => ({ onClick: () => setSelectedId(r.id), style: { cursor: 'pointer' } })}
            />
          </div>
          <div style={{ flex: '1 1 480px', minWidth: 0 }}>
            {selected ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Flex gap={8} align="center" wrap>
                  <Segmented
                    aria-label="viewer mode"
                    options={['code', 'view']}
                    value={selected.isJson ? mode : 'code'}
                    disabled={!selected.isJson}
                    onChange={(m) => setMode(m as ViewerMode)}
                  />
                  <Typography.Text type="secondary">
                    #{selected.id} · {selected.size} bytes
                    {detail.data ? ` · ${detail.data.contentType ?? 'no content type'}` : ''}
                  </Typography.Text>
                  <Popconfirm title="Delete this webhook?" okText="Delete" onConfirm={() => removeOne(selected.id)}>
                    <Button size="small" danger>
                      delete
                    </Button>
                  </Popconfirm>
                </Flex>
                {detail.data && <PayloadViewer text={detail.data.body} isJson={detail.data.isJson} mode={mode} />}
              </Space>
            ) : (
              <Empty description="Select a webhook to read its payload" />
            )}
          </div>
        </Flex>
      </Space>
      <SchemaDialog open={schemaOpen} onClose={() => setSchemaOpen(false)} />
    </div>
  );
}
