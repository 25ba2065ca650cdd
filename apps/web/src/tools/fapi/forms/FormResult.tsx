import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import type { FormOutcome } from './payloads';

/**
 * Success (with what the carrier answered) or Error with the carrier's first error message. A new
 * outcome is scrolled into view: under a tall preview it would land below the fold (issue 31).
 */
export function FormResult({ outcome, children }: { outcome: FormOutcome | undefined; children?: ReactNode }) {
  const m = useMessages(messages);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [outcome]);
  if (!outcome) return null;
  return (
    <div ref={box}>
      {outcome.ok ? (
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
      )}
    </div>
  );
}

/** Shown instead of a working button when no credential is active. */
export function NoCredential() {
  const m = useMessages(messages);
  return <Alert data-testid="fapi-form-no-credential" type="info" showIcon title={m.noCredential} />;
}
