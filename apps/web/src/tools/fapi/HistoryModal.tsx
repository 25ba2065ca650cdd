import { Button, Modal, Table, Tag } from 'antd';
import { endpointById } from '@lab/core/carrier';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { statusColor } from './ResponseSummary';
import { withEndpoint, type HistoryEntry, type RequestTab } from './tabs';
import { messages } from './messages';

/** The tab's last calls; Reopen puts one back into the tab. */
export function HistoryModal({
  open,
  onClose,
  history,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  history: HistoryEntry[];
  onChange: (patch: Partial<RequestTab>) => void;
}) {
  const m = useMessages(messages);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={fillMessage(m.historyTitle, { n: 20 })} width={760}>
      <Table<HistoryEntry>
        data-testid="history"
        size="small"
        pagination={false}
        rowKey="at"
        locale={{ emptyText: m.noHistory }}
        dataSource={history}
        columns={[
          { key: 'at', title: m.calledAt, render: (_, h) => new Date(h.at).toLocaleTimeString() },
          { key: 'req', title: m.request, render: (_, h) => `${h.method} ${h.path}` },
          { key: 'status', title: m.status, render: (_, h) => <Tag color={statusColor(h.status)}>{h.status}</Tag> },
          { key: 'ms', title: m.time, render: (_, h) => fillMessage(m.ms, { n: Math.round(h.timeMs) }) },
          {
            key: 'reopen',
            render: (_, h) => (
              <Button
                size="small"
                onClick={() => {
                  onChange({
                    ...withEndpoint(h.endpointId),
                    method: h.method,
                    path: h.path === endpointById(h.endpointId)?.path ? '' : h.path,
                    body: h.request,
                  });
                  onClose();
                  notify.success(m.reopened);
                }}
              >
                {m.reopen}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
