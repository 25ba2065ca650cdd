import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

export const REMINDER_KEY = 'fapi.reminderAccepted';

function reminderAccepted(): boolean {
  try {
    return localStorage.getItem(REMINDER_KEY) === '1';
  } catch {
    return false;
  }
}

/** The security reminder, shown until it is accepted once (remembered in localStorage). */
export function ReminderModal() {
  const m = useMessages(messages);
  const [open, setOpen] = useState(() => !reminderAccepted());
  return (
    <Modal
      open={open}
      title={m.reminderTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          onClick={() => {
            try {
              localStorage.setItem(REMINDER_KEY, '1');
            } catch {
              // kept for this visit only
            }
            setOpen(false);
          }}
        >
          {m.reminderAccept}
        </Button>
      }
    >
      <ul>
        <li>{m.reminderStay}</li>
        <li>{m.reminderPass}</li>
        <li>{m.reminderLeak}</li>
      </ul>
    </Modal>
  );
}
