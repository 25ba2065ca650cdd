import { useEffect, useState } from 'react';
import { Alert, Form, InputNumber, Modal, Select } from 'antd';
import { FAULT_STATUSES, type FaultStatus } from '@lab/core/simulator';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { FaultDraft } from './faults';
import { messages } from './messages';
import { SwitchItem } from './SwitchItem';

/**
 * The fault of one endpoint, edited: latency and jitter, an error status for a share of the calls,
 * token expired, hang. `onSet` sends it; a refusal is shown here as the server words it.
 */
export function FaultDialog({
  endpoint,
  initial,
  pending,
  problem,
  onSet,
  onCancel,
}: {
  /** The endpoint's name; undefined = closed. */
  endpoint?: string;
  initial: FaultDraft;
  pending: boolean;
  problem?: string;
  onSet: (draft: FaultDraft) => void;
  onCancel: () => void;
}) {
  const m = useMessages(messages);
  const [draft, setDraft] = useState(initial);
  useEffect(() => setDraft(initial), [initial, endpoint]);
  const edit = (change: Partial<FaultDraft>) => setDraft((prev) => ({ ...prev, ...change }));
  /** A delay in whole milliseconds, 0 to `max`. */
  const millis = (key: 'latencyMs' | 'jitterMs', label: string, name: string, max: number) => (
    <Form.Item label={label}>
      <InputNumber<number>
        aria-label={name}
        min={0}
        max={max}
        precision={0}
        value={draft[key]}
        onChange={(v) => edit({ [key]: v ?? 0 })}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={endpoint !== undefined}
      title={fillMessage(m.faultTitle, { endpoint: endpoint ?? '' })}
      okText={m.setFault}
      cancelText={m.cancel}
      confirmLoading={pending}
      onOk={() => onSet(draft)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 16 }}>
        {millis('latencyMs', m.colLatency, 'latency', 120_000)}
        {millis('jitterMs', m.colJitter, 'jitter', 60_000)}
        <Form.Item label={m.colErrorStatus}>
          <Select<FaultStatus | 0>
            aria-label="error status"
            style={{ width: 120 }}
            value={draft.status ?? 0}
            options={[{ value: 0, label: m.noStatus }, ...FAULT_STATUSES.map((s) => ({ value: s, label: String(s) }))]}
            onChange={(v) => edit({ status: v === 0 ? null : v })}
          />
        </Form.Item>
        <Form.Item label={m.colRate}>
          <InputNumber<number>
            aria-label="rate"
            min={0}
            max={100}
            disabled={draft.status === null}
            value={draft.ratePercent}
            onChange={(v) => edit({ ratePercent: v ?? 0 })}
          />
        </Form.Item>
        <SwitchItem label={m.colTokenExpired} name="token expired" of={draft} field="tokenExpired" set={edit} />
        <SwitchItem label={m.colHang} name="hang" of={draft} field="hang" set={edit} />
      </Form>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}
