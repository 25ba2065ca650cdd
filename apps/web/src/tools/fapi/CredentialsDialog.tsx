import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Space, Switch, Tabs, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { fetchCarrierToken, firstCarrierError } from './shared/client';
import {
  applySlot,
  COMMENTS_MAX,
  hasValidToken,
  resetSlot,
  slotEnv,
  updateSlot,
  type CredentialState,
} from './credentials';
import { messages } from './messages';

export interface CredentialsDialogProps {
  open: boolean;
  onClose: () => void;
  state: CredentialState;
  save: (next: (prev: CredentialState) => CredentialState) => Promise<void>;
  now?: () => number;
}

/** Manage My Credentials: four slots, each with comments, environment, keys, Reset and Apply. */
export function CredentialsDialog({ open, onClose, state, save, now = Date.now }: CredentialsDialogProps) {
  const m = useMessages(messages);
  const [tab, setTab] = useState(state.activeId || 'No.1');
  const [busy, setBusy] = useState<string>();

  async function apply(name: string) {
    const slot = state.slots.find((s) => s.name === name)!;
    // A token is fetched only when the slot has none that is still valid.
    if (slot.isLocked && hasValidToken(slot, now())) {
      await save((prev) => applySlot(prev, name, undefined));
      notify.success(m.applied);
      return;
    }
    setBusy(name);
    try {
      const got = await fetchCarrierToken(slotEnv(slot), slot.clientId.trim(), slot.clientSecret.trim(), now);
      if ('error' in got) {
        notify.error(fillMessage(m.failedToApply, { message: firstCarrierError(got.error) }));
        return;
      }
      await save((prev) => applySlot(prev, name, got.token));
      notify.success(m.applied);
    } finally {
      setBusy(undefined);
    }
  }

  async function reset(name: string) {
    await save((prev) => resetSlot(prev, name));
    notify.success(m.credentialReset);
  }

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={m.manageTitle} width={560} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={state.slots.map((slot) => ({
          key: slot.name,
          label: (
            <span>
              {slot.isLocked ? <LockOutlined aria-label={`${slot.name} locked`} /> : null}
              {slot.name}
              {state.activeId === slot.name ? (
                <Tag color="blue" style={{ marginInlineStart: 6 }}>
                  {m.active}
                </Tag>
              ) : null}
            </span>
          ),
          children: (
            <Form
              layout="horizontal"
              labelCol={{ span: 6 }}
              wrapperCol={{ span: 18 }}
              data-testid={`slot-${slot.name}`}
            >
              {slot.isLocked ? <Alert type="info" showIcon title={m.lockedHint} style={{ marginBottom: 12 }} /> : null}
              <Form.Item label={m.comments} htmlFor={`${slot.name}-comments`}>
                <Input
                  id={`${slot.name}-comments`}
                  aria-label={m.comments}
                  maxLength={COMMENTS_MAX}
                  showCount
                  value={slot.comments}
                  onChange={(e) => void save((prev) => updateSlot(prev, slot.name, { comments: e.target.value }))}
                />
              </Form.Item>
              <Form.Item label={m.environment}>
                <Switch
                  aria-label={m.environment}
                  checked={slot.isProduction}
                  disabled={slot.isLocked}
                  checkedChildren={m.production}
                  unCheckedChildren={m.sandbox}
                  onChange={(v) => void save((prev) => updateSlot(prev, slot.name, { isProduction: v }))}
                />
              </Form.Item>
              <Form.Item label={m.apiKey} htmlFor={`${slot.name}-key`}>
                <Input
                  id={`${slot.name}-key`}
                  aria-label={m.apiKey}
                  autoComplete="off"
                  readOnly={slot.isLocked}
                  value={slot.clientId}
                  onChange={(e) => void save((prev) => updateSlot(prev, slot.name, { clientId: e.target.value }))}
                />
              </Form.Item>
              <Form.Item label={m.apiSecret} htmlFor={`${slot.name}-secret`}>
                <Input.Password
                  id={`${slot.name}-secret`}
                  aria-label={m.apiSecret}
                  autoComplete="new-password"
                  readOnly={slot.isLocked}
                  value={slot.clientSecret}
                  onChange={(e) => void save((prev) => updateSlot(prev, slot.name, { clientSecret: e.target.value }))}
                />
              </Form.Item>
              <Flex justify="flex-end">
                <Space>
                  <Button onClick={() => void reset(slot.name)}>{m.reset}</Button>
                  <Button
                    type="primary"
                    loading={busy === slot.name}
                    disabled={!slot.clientId.trim() || !slot.clientSecret.trim()}
                    onClick={() => void apply(slot.name)}
                  >
                    {m.apply}
                  </Button>
                </Space>
              </Flex>
            </Form>
          ),
        }))}
      />
    </Modal>
  );
}
