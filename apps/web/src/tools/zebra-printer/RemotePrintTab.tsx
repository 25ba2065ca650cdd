import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { PrintJobListItem, PrintJobStatus, PrintLogRow } from '@lab/core/contract';
import { LISTEN_ID_PATTERN, NO_RECEIVER_MESSAGE } from '@lab/core/print';
import { FilePickButton } from '@/components/file-pick';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { messages } from './messages';
import { formatUtc, issueListenId, relayQueries, sendPrintJob } from './relayApi';

export interface RemotePrintTabProps {
  listenId: string;
  onListenIdChange: (id: string) => void;
  receiver: boolean;
  /** This page's sender node id (REMOTE_xxx). */
  senderNodeId: string;
}

/**
 * Remote Print: send ZPL to a listen id (the remote printer's), or — in receiver mode — print
 * what arrives for it; the history shows the newest log rows for the id (refreshed live).
 */
export function RemotePrintTab({ listenId, onListenIdChange, receiver, senderNodeId }: RemotePrintTabProps) {
  const m = useMessages(messages);
  const config = useQuery(relayQueries.config);
  const [zpl, setZpl] = useState<string | undefined>(undefined);
  const text = zpl ?? config.data?.remoteZplSample ?? '';
  const valid = LISTEN_ID_PATTERN.test(listenId);
  const history = useQuery({ ...relayQueries.history(listenId), enabled: valid });
  const jobs = useQuery({ ...relayQueries.jobs(listenId), enabled: valid });

  useEffect(() => {
    if (listenId === '' && config.data?.presetListenId) onListenIdChange(config.data.presetListenId);
    // Only once the config arrives: an id the person cleared stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.data]);

  const send = useServerAction({
    mutationFn: () => sendPrintJob(listenId, { nodeId: senderNodeId, printData: text }),
    // "Send out" only when a receiver is there to take it; otherwise the job waits, and we say so.
    onSuccess: (sent) => {
      if (sent.receivers > 0) notify.success(`${m.sendOut} · ${m.receiversConnected}: ${sent.receivers}`);
      else notify.warning(m.sendPending);
      void jobs.refetch();
    },
  });
  const issue = useServerAction({
    mutationFn: issueListenId,
    onSuccess: (r) => onListenIdChange(r.listenId),
  });

  const columns = [
    { title: m.colTime, dataIndex: 'created', key: 'created', width: 170, render: (v: string) => formatUtc(v) },
    { title: m.colNode, dataIndex: 'nodeId', key: 'nodeId', width: 120 },
    { title: m.colSender, dataIndex: 'subscribeId', key: 'subscribeId', width: 120 },
    {
      title: m.colPrinted,
      dataIndex: 'isPrinted',
      key: 'isPrinted',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'success' : 'error'}>{v ? m.yes : m.no}</Tag>,
    },
    {
      title: m.colTask,
      dataIndex: 'taskId',
      key: 'taskId',
      width: 110,
      render: (v: string) => <Typography.Text title={v}>{v.slice(0, 8)}</Typography.Text>,
    },
    {
      title: m.colMessage,
      dataIndex: 'message',
      key: 'message',
      render: (v: string) => (v === NO_RECEIVER_MESSAGE ? m.noReceiverLog : v),
    },
    {
      title: m.colData,
      dataIndex: 'printData',
      key: 'printData',
      ellipsis: true,
      render: (v: string, row: PrintLogRow) => (
        <Typography.Text code title={`${row.size} ${m.bytes}`}>
          {v}
        </Typography.Text>
      ),
    },
  ];

  const statusText: Record<PrintJobStatus, { text: string; color: string }> = {
    pending: { text: m.statusPending, color: 'warning' },
    delivered: { text: m.statusDelivered, color: 'processing' },
    printed: { text: m.statusPrinted, color: 'success' },
    failed: { text: m.statusFailed, color: 'error' },
  };
  const jobColumns = [
    { title: m.colTime, dataIndex: 'created', key: 'created', width: 170, render: (v: string) => formatUtc(v) },
    { title: m.colSender, dataIndex: 'subscribeId', key: 'subscribeId', width: 120 },
    {
      title: m.colStatus,
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (v: PrintJobStatus) => <Tag color={statusText[v].color}>{statusText[v].text}</Tag>,
    },
    {
      title: m.colTask,
      dataIndex: 'taskId',
      key: 'taskId',
      width: 110,
      render: (v: string) => <Typography.Text title={v}>{v.slice(0, 8)}</Typography.Text>,
    },
    {
      title: m.colData,
      dataIndex: 'printData',
      key: 'printData',
      ellipsis: true,
      render: (v: string, row: PrintJobListItem) => (
        <Typography.Text code title={`${row.size} ${m.bytes}`}>
          {v}
        </Typography.Text>
      ),
    },
  ];
  const receivers = valid ? jobs.data?.receivers : undefined;

  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon message={m.warning} />
      <Flex wrap gap={8} align="center">
        <label htmlFor="zebra-listen-id">{m.listenId}</label>
        <Input
          id="zebra-listen-id"
          value={listenId}
          onChange={(e) => onListenIdChange(e.target.value.trim())}
          placeholder={m.listenIdPlaceholder}
          status={listenId !== '' && !valid ? 'error' : undefined}
          style={{ width: 320 }}
          allowClear
        />
        <Button onClick={() => issue.mutate()} loading={issue.isPending}>
          {m.newListenId}
        </Button>
        {listenId !== '' && !valid && <Typography.Text type="danger">{m.listenIdInvalid}</Typography.Text>}
        {receiver && listenId === '' && <Typography.Text type="warning">{m.receiverNeedsId}</Typography.Text>}
      </Flex>
      {receiver && valid && <Alert type="info" showIcon message={m.receiving} />}
      {receivers !== undefined && (
        <Typography.Text type={receivers > 0 ? 'success' : 'warning'} aria-label={m.receiversConnected}>
          {m.receiversConnected}: {receivers}
        </Typography.Text>
      )}
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center">
          <label htmlFor="zebra-remote-zpl">{m.zpl}</label>
          <Space>
            <FilePickButton
              accept=".zpl,.txt"
              size="small"
              icon={null}
              onFile={(file) => void file.text().then(setZpl)}
            >
              {m.loadZplFile}
            </FilePickButton>
            <Button size="small" onClick={() => setZpl(undefined)} disabled={zpl === undefined}>
              {m.sampleZpl}
            </Button>
          </Space>
        </Flex>
        <Input.TextArea
          id="zebra-remote-zpl"
          value={text}
          onChange={(e) => setZpl(e.target.value)}
          autoSize={{ minRows: 6, maxRows: 16 }}
          style={{ fontFamily: 'monospace' }}
        />
        <Space>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!valid || text.trim() === ''}
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            {m.send}
          </Button>
        </Space>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {m.jobs}
      </Typography.Title>
      <Table<PrintJobListItem>
        size="small"
        rowKey="taskId"
        columns={jobColumns}
        dataSource={valid ? (jobs.data?.items ?? []) : []}
        pagination={false}
        locale={{ emptyText: m.noJobs }}
        aria-label={m.jobs}
      />
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {m.history}
        </Typography.Title>
        <Button
          icon={<ReloadOutlined />}
          disabled={!valid}
          onClick={() => {
            void jobs.refetch();
            void history.refetch().then((r) => r.isSuccess && notify.success(m.resultRefreshed));
          }}
        >
          {m.refresh}
        </Button>
      </Flex>
      <Table<PrintLogRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={valid ? (history.data?.items ?? []) : []}
        loading={history.isFetching}
        pagination={false}
        locale={{ emptyText: m.noHistory }}
        aria-label={m.history}
      />
    </Flex>
  );
}
