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
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, QuestionCircleFilled } from '@ant-design/icons';
import type { WebhookSummary } from '@lab/core/contract';
import { generateSecurityToken } from '@lab/core/webhooks';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { useClientConfig } from '@/lib/config';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { useRealtime } from '@/lib/realtime';
import { useServerAction } from '@/lib/serverAction';
import { PayloadViewer, type ViewerMode } from './PayloadViewer';
import { messages } from './messages';
import { SchemaDialog } from './SchemaDialog';
import {
  CHANNEL_PATTERN,
  DEFAULT_CHANNEL,
  destinationUrl,
  knownChannels,
  readInspectorToken,
  saveInspectorToken,
  saveKnownChannels,
} from '@/lib/webhook-inspector';
import {
  checkStoredSignature,
  deleteWebhooks,
  formatShanghaiTime,
  webhookQueries,
  type SignatureCheck,
} from './webhookApi';

const REFRESHED_NOTICE_KEY = 'fdxWebhook.refreshed';

/** Which bytes matched, for the tooltip and the detail line. */
function matchedText(m: ReturnType<typeof useMessages<keyof (typeof messages)['en']>>, check: SignatureCheck) {
  if (check.matched === 'received')
    return check.encoding ? fillMessage(m.matchedReceivedEncoded, { encoding: check.encoding }) : m.matchedReceived;
  if (check.matched === 'decoded') return fillMessage(m.matchedDecoded, { encoding: check.encoding ?? '' });
  return check.encoding ? m.matchedNone : m.noMatch;
}

function SignatureIcon({ check }: { check: SignatureCheck | undefined }) {
  const m = useMessages(messages);
  if (!check) {
    return (
      <Tooltip title={m.notChecked}>
        <QuestionCircleFilled aria-label="signature unknown" style={{ color: '#bfbfbf' }} />
      </Tooltip>
    );
  }
  const tip = (
    <div>
      <div>{matchedText(m, check)}</div>
      <div>{fillMessage(check.encoding ? m.expectedReceived : m.expected, { v: check.expected })}</div>
      {check.expectedDecoded !== null && <div>{fillMessage(m.expectedDecoded, { v: check.expectedDecoded })}</div>}
      <div>{fillMessage(m.received, { v: check.received ?? m.noSignatureHeader })}</div>
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
  const m = useMessages(messages);
  const [params, setParams] = useSearchParams();
  const requested = params.get('channel') ?? DEFAULT_CHANNEL;
  const channel = CHANNEL_PATTERN.test(requested) ? requested : DEFAULT_CHANNEL;
  const [channelInput, setChannelInput] = useState(channel);
  const [channels, setChannels] = useState(knownChannels);
  const [token, setToken] = useState('');
  const [checks, setChecks] = useState<Record<number, SignatureCheck>>({});
  const [selectedId, setSelectedId] = useState<number>();
  // Follow mode: the newest delivery is selected as it arrives. Off by default: nothing is picked for the user.
  const [follow, setFollow] = useState(false);
  const [mode, setMode] = useState<ViewerMode>('code');
  const [schemaOpen, setSchemaOpen] = useState(false);
  const queryClient = useQueryClient();
  const config = useClientConfig();

  useEffect(() => {
    let live = true;
    void readInspectorToken().then((saved) => live && saved && setToken(saved));
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
  const selected = follow ? rows[0] : rows.find((r) => r.id === selectedId);
  const detail = useQuery({
    ...webhookQueries.detail(channel, selected?.id ?? 0),
    enabled: selected !== undefined,
  });

  const { connected } = useRealtime([`webhooks/${channel}`], (_topic, data) => {
    void queryClient.invalidateQueries({ queryKey: webhookQueries.list(channel).queryKey });
    // One notice per burst (same key: it replaces itself), none while following: the viewer shows the newest.
    if ((data as { type?: string } | null)?.type === 'received' && !follow)
      notify.info(m.resultRefreshed, NOTIFY_SECONDS.default, REFRESHED_NOTICE_KEY);
  });

  const changeChannel = (value: string) => {
    const next = value.trim();
    if (!CHANNEL_PATTERN.test(next)) {
      notify.error(m.badChannel);
      setChannelInput(channel);
      return;
    }
    const updated = [...new Set([...channels, next])];
    setChannels(updated);
    saveKnownChannels(updated);
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('channel', next);
      return n;
    });
  };

  const saveToken = (value: string) => {
    setToken(value);
    setChecks({});
    void saveInspectorToken(value);
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
      if (bad) notify.warning(fillMessage(m.someMismatch, { bad, n: list.length }));
      else notify.success(fillMessage(m.allMatch, { n: list.length }));
    },
  });
  const checkSignatures = () => {
    if (!token) notify.warning(m.tokenFirst);
    else signatures.mutate(rows);
  };

  /** Deletes one delivery, or all of the channel's when `id` is undefined; the list reloads either way. */
  const remove = useServerAction({
    mutationFn: (id: number | undefined) => deleteWebhooks(channel, id),
    onSuccess: ({ deleted }, id) =>
      notify.success(id === undefined ? fillMessage(m.deletedN, { n: deleted }) : m.deleted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list(channel).queryKey }),
  });
  // Popconfirm keeps its OK button loading until the promise settles; the failure is already shown.
  const removeAll = () => remove.mutateAsync(undefined).catch(() => {});
  const removeOne = (id: number) => remove.mutateAsync(id).catch(() => {});

  const url = destinationUrl(config.data?.publicBaseUrl, window.location.origin, channel);

  const columns = [
    // The delivery's id, as the detail line (#id), the API and `lab webhook send` name it.
    { title: '#', dataIndex: 'id', key: 'id', width: 64 },
    {
      title: m.colSignature,
      key: 'signature',
      width: 90,
      render: (_: unknown, r: WebhookSummary) => <SignatureIcon check={checks[r.id]} />,
    },
    {
      title: m.colPath,
      dataIndex: 'path',
      key: 'path',
      render: (p: string, r: WebhookSummary) => (
        <span>
          {p} {!r.isJson && <Tag>{m.notJson}</Tag>}
        </span>
      ),
    },
    {
      title: m.colTime,
      dataIndex: 'receivedAt',
      key: 'time',
      width: 170,
      render: (t: string) => formatShanghaiTime(t),
    },
    { title: m.colTransactionId, dataIndex: 'transactionId', key: 'tx', render: (t: string | null) => t ?? '' },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {m.title}
      </Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{m.channel}</Typography.Text>
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
          <Typography.Text strong>{m.destinationUrl}</Typography.Text>
          <Typography.Text code data-testid="destination-url">
            {url}
          </Typography.Text>
          <Button
            icon={<CopyOutlined />}
            aria-label="copy destination URL"
            onClick={async () => ((await copyToClipboard(url)) ? notify.success(m.copied) : notify.error(m.copyFailed))}
          />
          <Badge status={connected ? 'success' : 'default'} text={connected ? m.live : m.offline} />
        </Flex>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{m.securityToken}</Typography.Text>
          <Input.Password
            aria-label="security token"
            style={{ width: 320 }}
            value={token}
            autoComplete="off"
            onChange={(e) => saveToken(e.target.value)}
          />
          <Button type="primary" loading={signatures.isPending} onClick={checkSignatures}>
            {m.checkSignature}
          </Button>
          <Popconfirm
            title={m.replaceTokenConfirm}
            okText={m.replaceToken}
            cancelText={m.cancel}
            disabled={!token}
            onConfirm={() => saveToken(generateSecurityToken())}
          >
            {/* No token yet: nothing to lose, generate at once; otherwise the confirmation asks first. */}
            <Button onClick={() => !token && saveToken(generateSecurityToken())}>{m.generate}</Button>
          </Popconfirm>
          <Button onClick={() => setSchemaOpen(true)}>{m.viewSchema}</Button>
          <Popconfirm
            title={fillMessage(m.deleteAllConfirm, { channel })}
            okText={m.deleteOk}
            onConfirm={() => removeAll()}
            disabled={rows.length === 0}
          >
            <Button danger disabled={rows.length === 0}>
              {m.deleteAll}
            </Button>
          </Popconfirm>
          <Switch
            aria-label="follow newest"
            checked={follow}
            onChange={(on) => {
              setFollow(on);
              if (!on && rows[0]) setSelectedId(rows[0].id);
            }}
          />
          <Typography.Text>{m.follow}</Typography.Text>
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
              locale={{ emptyText: <Empty description={fillMessage(m.nothingYet, { channel })} /> }}
              rowClassName={(r) => (r.id === selected?.id ? 'ant-table-row-selected' : '')}
              onRow={(r) => ({
                onClick: () => {
                  setFollow(false);
                  setSelectedId(r.id);
                },
                style: { cursor: 'pointer' },
              })}
            />
          </div>
          <div style={{ flex: '1 1 480px', minWidth: 0 }}>
            {selected ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Flex gap={8} align="center" wrap>
                  {selected.isJson ? (
                    <Segmented
                      aria-label="viewer mode"
                      options={['code', 'view']}
                      value={mode}
                      onChange={(v) => setMode(v as ViewerMode)}
                    />
                  ) : (
                    <Tag data-testid="not-json-tag">{m.notJson}</Tag>
                  )}
                  <Typography.Text type="secondary">
                    #{selected.id} ·{' '}
                    {fillMessage(detail.data?.contentEncoding ? m.bytesReceived : m.bytes, { n: selected.size })}
                    {detail.data ? ` · ${detail.data.contentType ?? m.noContentType}` : ''}
                    {detail.data?.contentEncoding ? ` · ${detail.data.contentEncoding}` : ''}
                    {checks[selected.id]
                      ? ` · ${fillMessage(m.signatureIs, { what: matchedText(m, checks[selected.id]!) })}`
                      : ''}
                  </Typography.Text>
                  <Popconfirm title={m.deleteOneConfirm} okText={m.deleteOk} onConfirm={() => removeOne(selected.id)}>
                    <Button size="small" danger>
                      {m.deleteOne}
                    </Button>
                  </Popconfirm>
                </Flex>
                {detail.data &&
                  (detail.data.isJson ? (
                    <PayloadViewer text={detail.data.body} isJson mode={mode} />
                  ) : (
                    // Not JSON: plain text, shown as data (React escapes it), not in the JSON editor.
                    <pre
                      data-testid="payload-text"
                      style={{
                        height: '70vh',
                        overflow: 'auto',
                        margin: 0,
                        padding: 12,
                        background: '#fafafa',
                        border: '1px solid #f0f0f0',
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-all',
                      }}
                    >
                      {detail.data.body}
                    </pre>
                  ))}
              </Space>
            ) : (
              <Empty description={m.selectOne} />
            )}
          </div>
        </Flex>
      </Space>
      <SchemaDialog open={schemaOpen} onClose={() => setSchemaOpen(false)} />
    </div>
  );
}
