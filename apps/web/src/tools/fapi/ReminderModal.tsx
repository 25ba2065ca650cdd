import { AcceptOnceModal } from '@/components/accept-once';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

export const REMINDER_KEY = 'fapi.reminderAccepted';

/** The security reminder, shown until it is accepted once. */
export function ReminderModal() {
  const m = useMessages(messages);
  return (
    <AcceptOnceModal
      storageKey={REMINDER_KEY}
      acceptedValue="1"
      title={m.reminderTitle}
      acceptLabel={m.reminderAccept}
      destroyOnHidden
    >
      <ul>
        <li>{m.reminderStay}</li>
        <li>{m.reminderPass}</li>
        <li>{m.reminderLeak}</li>
      </ul>
    </AcceptOnceModal>
  );
}
