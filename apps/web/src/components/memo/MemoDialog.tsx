import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Modal, Spin, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { copyWithNotice } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { MEMO_NICKNAME_MAX, MEMO_VALUE_MAX, newMemoRow, readMemo, saveMemo, type MemoRow } from './memo';
import { messages } from './messages';

/** Wide enough for 15 of the widest characters (a CJK character or a W is about 1em) plus the padding. */
export const NICKNAME_WIDTH = `calc(${MEMO_NICKNAME_MAX}em + 26px)`;

/**
 * "My Memo": short nickname → value notes (account numbers, test tracking numbers…) kept
 * encrypted in this browser. Shared by the Useful Tools page and the API playground.
 */
export function MemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<MemoRow[]>();
  const [saving, setSaving] = useState(false);
  const [reset, setReset] = useState(false);
  const m = useMessages(messages);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setRows(undefined);
    void readMemo().then((loaded) => {
      if (!live) return;
      setRows(loaded.rows);
      setReset(loaded.reset);
    });
    return () => {
      live = false;
    };
  }, [open]);

  const update = (key: number, change: Partial<MemoRow>) =>
    setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function saveAndClose() {
    setSaving(true);
    try {
      await saveMemo(rows ?? []);
      notify.success(m.saved, NOTIFY_SECONDS.memo);
      setReset(false);
      onClose();
    } catch (err) {
      notify.error(fillMessage(m.notSaved, { reason: (err as Error).message }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={m.myMemo}
      onCancel={onClose}
      width={640}
      footer={[
        <Button
          key="add"
          icon={<PlusOutlined />}
          disabled={!rows}
          onClick={() => setRows((rs) => [...(rs ?? []), newMemoRow(rs ?? [], Date.now())])}
        >
          {m.add}
        </Button>,
        <Button key="close" onClick={onClose}>
          {m.close}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!rows} onClick={() => void saveAndClose()}>
          {m.saveAndClose}
        </Button>,
      ]}
    >
      {reset && <Alert data-testid="memo-reset" type="warning" showIcon title={m.reset} style={{ marginBottom: 12 }} />}
      {!rows ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={m.empty} />
      ) : (
        <Flex vertical gap="small">
          {rows.map((r, i) => (
            <Flex key={r.key} gap="small" align="center">
              <Input
                aria-label={`nickname ${i + 1}`}
                placeholder={m.nickname}
                maxLength={MEMO_NICKNAME_MAX}
                value={r.nickname}
                onChange={(e) => update(r.key, { nickname: e.target.value })}
                style={{ width: NICKNAME_WIDTH, flex: 'none' }}
              />
              <Input
                aria-label={`value ${i + 1}`}
                placeholder={m.value}
                maxLength={MEMO_VALUE_MAX}
                value={r.value}
                onChange={(e) => update(r.key, { value: e.target.value })}
              />
              <Tooltip title={m.copyValue}>
                <Button
                  aria-label={`copy ${i + 1}`}
                  icon={<CopyOutlined />}
                  onClick={() => void copyWithNotice(r.value, m.copied, NOTIFY_SECONDS.memo)}
                />
              </Tooltip>
              <Tooltip title={m.delete}>
                <Button
                  aria-label={`delete ${i + 1}`}
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setRows((rs) => rs?.filter((x) => x.key !== r.key))}
                />
              </Tooltip>
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
