import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** Remembered per browser once accepted. */
export const SECURITY_ACCEPTED_KEY = 'stratus_security_reminder_accepted';

function accepted(): boolean {
  try {
    return localStorage.getItem(SECURITY_ACCEPTED_KEY) === 'yes';
  } catch {
    return false;
  }
}

/** The reminder that must be accepted before the screen is used. */
export function SecurityReminder() {
  const m = useMessages(messages);
  const [open, setOpen] = useState(() => !accepted());
  const accept = () => {
    try {
      localStorage.setItem(SECURITY_ACCEPTED_KEY, 'yes');
    } catch {
      // storage refused: ask again next time
    }
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      title={m.securityTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={accept}>
          {m.securityAccept}
        </Button>
      }
    >
      <Typography.Paragraph>{m.securityStay}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityEncrypted}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityProxy}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityNoPromise}</Typography.Paragraph>
    </Modal>
  );
}
