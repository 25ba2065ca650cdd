import { Button, Tag } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { fillMessage, useMessages } from '@/lib/i18n';
import { activeSlot, credentialButton, hasValidToken, type CredentialState } from './credentials';
import { messages } from './messages';

const BUTTON_COLOR = { danger: 'danger', success: 'green', warning: 'orange' } as const;

/** The credential button (its colour tells the environment) and the active credential's expiry. */
export function CredentialStatus({ creds, onOpen }: { creds: CredentialState; onOpen: () => void }) {
  const m = useMessages(messages);
  const slot = activeSlot(creds);
  const button = credentialButton(creds);
  const expired = slot ? !hasValidToken(slot, Date.now()) : false;
  const expiry = slot?.tokenExpireTimestamp ? new Date(slot.tokenExpireTimestamp) : undefined;
  return (
    <>
      <Button
        icon={<KeyOutlined />}
        color={BUTTON_COLOR[button.kind]}
        variant="solid"
        data-kind={button.kind}
        onClick={onOpen}
      >
        {button.text === 'Credential Required'
          ? m.credentialRequired
          : button.text === 'Production'
            ? m.production
            : m.sandbox}
      </Button>
      <Tag data-testid="active-credential" color={slot ? (expired ? 'red' : 'blue') : 'default'}>
        {slot
          ? `${slot.comments || slot.name} · ${fillMessage(expired ? m.expiredAt : m.expiresAt, {
              time: expiry ? expiry.toLocaleString() : '-',
            })}`
          : m.noActiveCredential}
      </Tag>
    </>
  );
}
