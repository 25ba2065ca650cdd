import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Input, Tabs, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PrintRelayEvent } from '@lab/core/contract';
import { LISTEN_ID_PATTERN, nodeId, printRelayTopic, ZEBRA_NOT_CONNECTED } from '@lab/core/print';
import { useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useEventStream, useRealtime } from '@/lib/realtime';
import { agentErrorText, canPrint, defaultAgentUrl, writeToDevice } from './agent';
import { LocalPrintTab } from './LocalPrintTab';
import { messages } from './messages';
import { fetchPrintJob, issueListenId, logPrintResult, receiverStreamUrl, relayQueries } from './relayApi';
import { RemotePrintTab } from './RemotePrintTab';
import { usePrinter, type Printer } from './usePrinter';

type TabKey = 'local' | 'remote';

function ReadinessTag({ on, label }: { on: boolean; label: string }) {
  const m = useMessages(messages);
  return (
    <Tag
      color={on ? 'success' : 'error'}
      icon={on ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
      data-ready={on ? 'true' : 'false'}
      aria-label={`${label}: ${on ? m.yes : m.no}`}
    >
      {label}
    </Tag>
  );
}

/**
 * Receiver mode: each job announced on the listen id's topic is printed on the default printer
 * (one after another, each once) and logged; without a ready printer the log says so.
 */
function useReceiver(printer: Printer, listenId: string | null, node: string) {
  const seen = useRef(new Set<string>());
  const queue = useRef<Promise<void>>(Promise.resolve());

  return (event: PrintRelayEvent) => {
    if (!listenId || event.type !== 'job' || seen.current.has(event.taskId)) return;
    seen.current.add(event.taskId);
    const run = async () => {
      const { readiness, device } = printer.latest.current;
      let isPrinted = false;
      let message = ZEBRA_NOT_CONNECTED;
      if (canPrint(readiness) && device) {
        try {
          const data = event.printData ?? (await fetchPrintJob(listenId, event.taskId)).printData;
          await writeToDevice(printer.agentUrl, device, data);
          printer.markAvailable();
          isPrinted = true;
          message = `printed on ${device.name}`;
        } catch (err) {
          printer.markFailed(err);
          message = (err as Error).message;
        }
      }
      await logPrintResult(listenId, { taskId: event.taskId, nodeId: node, isPrinted, message });
    };
    queue.current = queue.current.then(run).catch((err: unknown) => notify.error((err as Error).message));
  };
}

/**
 * The receiver's own event stream while in receiver mode: the server counts this page as a
 * receiver while it is open and gives it first the jobs that waited for a receiver, then the new
 * ones. EventSource reconnects by itself (and is given what came meanwhile).
 */
function useReceiverStream(listenId: string | null, node: string, onEvent: (event: PrintRelayEvent) => void) {
  useEventStream(listenId ? receiverStreamUrl(listenId, node) : null, (_topic, data) =>
    onEvent(data as PrintRelayEvent),
  );
}

/** /utils/zebraprinter — Zebra Browser Print: local printing through the agent, remote through the relay. */
/** The one notice of receiver mode (entering replaces leaving). */
const RECEIVER_NOTICE = 'zebra-receiver-mode';

export default function ZebraPrinterPage() {
  const m = useMessages(messages);
  const printer = usePrinter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('local');
  const [receiver, setReceiver] = useState(false);
  const [listenId, setListenId] = useState('');
  /** A receiver needs an id at once: the site's pre-set id, else a new one (never an empty field). */
  const receiverListenId = async (): Promise<string> => {
    const config = await queryClient.fetchQuery(relayQueries.config);
    return config.presetListenId ?? (await issueListenId()).listenId;
  };
  const senderNodeId = useMemo(() => nodeId('REMOTE'), []);
  const { readiness, device } = printer.state;
  const valid = LISTEN_ID_PATTERN.test(listenId);
  const receiving = receiver && valid ? listenId : null;
  const receiverNode = useMemo(() => nodeId('PRINTER'), []);
  const receive = useReceiver(printer, receiving, receiverNode);
  // Cancel, then refetch: an event that comes while the list's FIRST read is in flight (a new listen
  // id, whose stream says `ready` at once) must not be answered by that read, which may predate it —
  // invalidating alone does not restart a read that has no data yet.
  const refreshJobs = () => {
    const { queryKey } = relayQueries.jobs(listenId);
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
  };
  useReceiverStream(receiving, receiverNode, (event) => {
    if (event.type === 'job') receive(event);
    refreshJobs();
  });

  // Announce entering and leaving receiver mode as the id or the checkbox changes: one notice, the
  // latest (a new listen id leaves and enters again in one go).
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current === receiving) return;
    if (receiving !== null) notify.info(m.enterReceiver, undefined, RECEIVER_NOTICE);
    else if (previous.current !== null) notify.info(m.exitReceiver, undefined, RECEIVER_NOTICE);
    previous.current = receiving;
  }, [receiving, m]);

  // Jobs are printed from the receiver's stream only; the topic keeps the lists and the count fresh.
  useRealtime(valid ? [printRelayTopic(listenId)] : [], (_topic, data) => {
    const event = data as PrintRelayEvent;
    refreshJobs();
    if (event.type === 'log') {
      void queryClient
        .invalidateQueries({ queryKey: relayQueries.history(listenId).queryKey })
        .then(() => notify.success(m.resultRefreshed));
    }
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {m.title}
      </Typography.Title>
      <Flex wrap gap={8} align="center">
        <label htmlFor="zebra-agent-url">{m.agentUrl}</label>
        <Input
          id="zebra-agent-url"
          value={printer.agentUrl}
          onChange={(e) => printer.setAgentUrl(e.target.value)}
          style={{ width: 300 }}
          title={m.agentUrlHelp}
        />
        <Button onClick={() => printer.setAgentUrl(defaultAgentUrl(window.location.protocol))}>
          {m.resetAgentUrl}
        </Button>
        <Button icon={<ReloadOutlined />} loading={printer.checking} onClick={() => void printer.check()}>
          {m.checkPrinter}
        </Button>
      </Flex>
      <Flex wrap gap={8} align="center" aria-label={m.readiness}>
        <ReadinessTag on={readiness.connected} label={m.connected} />
        <ReadinessTag on={readiness.configured} label={m.configured} />
        <ReadinessTag on={readiness.available} label={m.available} />
        <Typography.Text type="secondary">
          {m.defaultPrinter}: {device ? `${device.name} (${device.uid})` : m.noDefaultPrinter}
        </Typography.Text>
      </Flex>
      {printer.state.error && (
        <Typography.Text type="danger">
          {agentErrorText(printer.state.cause ?? new Error(printer.state.error), m.notReachable, printer.agentUrl)}
        </Typography.Text>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        tabBarExtraContent={
          <Checkbox
            checked={receiver}
            onChange={(e) => {
              setReceiver(e.target.checked);
              if (e.target.checked) {
                setTab('remote');
                if (listenId === '') void receiverListenId().then(setListenId, () => undefined);
              } else setListenId('');
            }}
          >
            {m.runAsReceiver}
          </Checkbox>
        }
        items={[
          { key: 'local', label: m.localTab, children: <LocalPrintTab printer={printer} /> },
          {
            key: 'remote',
            label: m.remoteTab,
            children: (
              <RemotePrintTab
                listenId={listenId}
                onListenIdChange={setListenId}
                receiver={receiver}
                senderNodeId={senderNodeId}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
