import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import type { FormOutcome } from './payloads';

/** Success (with what the carrier answered) or Error with the carrier's first error message. */
export function FormResult({ outcome, children }: { outcome: FormOutcome | undefined; children?: ReactNode }) {
  const m = useMessages(messages);
  if (!outcome) return null;
  return outcome.ok ? (
    <Alert
      data-testid="fapi-form-result"
      data-status="success"
      type="success"
      showIcon
      title={m.success}
      description={children}
    />
  ) : (
    <Alert
      data-testid="fapi-form-result"
      data-status="error"
      type="error"
      showIcon
      title={m.error}
      description={outcome.message}
    />
  );
}

/** Shown instead of a working button when no credential is active. */
export function NoCredential() {
  const m = useMessages(messages);
  return <Alert data-testid="fapi-form-no-credential" type="info" showIcon title={m.noCredential} />;
}
