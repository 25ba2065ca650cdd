import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Input, Modal, Spin, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { notify, NOTIFY_SECONDS } from '@/lib/notify';
import { copyWithNotice } from '@/lib/clipboard';
import {
  loadMemo,
  TEXT_COPIED_MESSAGE,
  MEMO_NICKNAME_MAX,
  MEMO_SAVED_MESSAGE,
  MEMO_VALUE_MAX,
  newMemoRow,
  saveMemo,
  type MemoRow,
} from './memo';

/**
 * "My Memo": short nickname → value notes (account numbers, test tracking numbers…) kept
 * encrypted in this browser. Shared by the Useful Tools page and the API playground.
 */
export function MemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<MemoRow[]>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setRows(undefined);
    void loadMemo().then((loaded) => {
      if (live) setRows(loaded);
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
      notify.success(MEMO_SAVED_MESSAGE, NOTIFY_SECONDS.memo);
      onClose();
    } catch (err) {
      notify.error(`memo not saved: ${(err as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="My Memo"
      onCancel={onClose}
      width={640}
      footer={[
        <Button
          key="add"
          icon={<PlusOutlined />}
          disabled={!rows}
          onClick={() => setRows((rs) => [...(rs ?? []), newMemoRow(rs ?? [], Date.now())])}
        >
          Add
        </Button>,
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!rows} onClick={() => void saveAndClose()}>
          Save and close
        </Button>,
      ]}
    >
      {!rows ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description="No memo yet" />
      ) : (
        <Flex vertical gap="small">
          {rows.map((r, i) => (
            <Flex key={r.key} gap="small" align="center">
              <Input
                aria-label={`nickname ${i + 1}`}
                placeholder="Nickname"
                maxLength={MEMO_NICKNAME_MAX}
                value={r.nickname}
                onChange={(e) => update(r.key, { nickname: e.target.value })}
                style={{ width: 170 }}
              />
              <Input
                aria-label={`value ${i + 1}`}
                placeholder="Value"
                maxLength={MEMO_VALUE_MAX}
                value={r.value}
                onChange={(e) => update(r.key, { value: e.target.value })}
              />
              <Tooltip title="Copy value">
                <Button
                  aria-label={`copy ${i + 1}`}
                  icon={<CopyOutlined />}
                  onClick={() => void copyWithNotice(r.value, TEXT_COPIED_MESSAGE, NOTIFY_SECONDS.memo)}
                />
              </Tooltip>
              <Tooltip title="Delete">
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
