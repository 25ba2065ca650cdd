import { Alert, Typography } from 'antd';
import type { TransactionTypesReply } from '@lab/core/contract';
import { ImportHint } from '@/components/import-hint';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

/**
 * One line about the loaded definitions: what is missing and the command that loads it when the
 * version has nothing, names only, or lengths for some fields only ("N of M fields defined"), else
 * the version and when it was imported.
 */
export function DefinitionsStatus({ reply }: { reply: TransactionTypesReply | undefined }) {
  const m = useMessages(messages);
  if (!reply) return null;
  const { version } = reply;
  const count = reply.types.reduce((n, t) => n + t.definitions, 0);
  const { defined } = reply;
  if (count > 0 && defined >= count) {
    const date = reply.dataset ? reply.dataset.importedAt.slice(0, 10) : '-';
    return (
      <Typography.Text type="secondary" data-testid="definitions-status">
        {fillMessage(m.loaded, { version, date })}
      </Typography.Text>
    );
  }
  return (
    <Alert
      data-testid="definitions-status"
      type="warning"
      showIcon
      title={
        <div>
          {count === 0
            ? fillMessage(m.noDefinitions, { version })
            : defined === 0 && !reply.detailed
              ? fillMessage(m.namesOnly, { version })
              : fillMessage(m.someDefined, { version, n: defined, m: count })}
          <ImportHint dataset="transactions" options={{ version }} />
        </div>
      }
    />
  );
}
