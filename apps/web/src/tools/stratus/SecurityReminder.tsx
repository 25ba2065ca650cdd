import { Typography } from 'antd';
import { AcceptOnceModal } from '@/components/accept-once';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** Remembered per browser once accepted. */
export const SECURITY_ACCEPTED_KEY = 'stratus_security_reminder_accepted';

/** The reminder that must be accepted before the screen is used. */
export function SecurityReminder() {
  const m = useMessages(messages);
  return (
    <AcceptOnceModal
      storageKey={SECURITY_ACCEPTED_KEY}
      acceptedValue="yes"
      title={m.securityTitle}
      acceptLabel={m.securityAccept}
    >
      <Typography.Paragraph>{m.securityStay}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityEncrypted}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityProxy}</Typography.Paragraph>
      <Typography.Paragraph>{m.securityNoPromise}</Typography.Paragraph>
    </AcceptOnceModal>
  );
}
