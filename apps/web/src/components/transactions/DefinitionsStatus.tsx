import { Alert, Typography } from 'antd';
import type { TransactionTypesReply } from '@lab/core/contract';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';

/** The exact command that loads a version's definitions. */
export const importDefinitionsCommand = (version: string) => `lab import transactions <file> --version ${version}`;

/**
 * One line about the loaded definitions: what is missing and the command that loads it when the
 * version has names only (or nothing), else the version and when it was imported.
 */
export function DefinitionsStatus({ reply }: { reply: TransactionTypesReply | undefined }) {
  const m = useMessages(messages);
  if (!reply) return null;
  const { version } = reply;
  const count = reply.types.reduce((n, t) => n + t.definitions, 0);
  if (count > 0 && reply.detailed) {
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
        <span>
          {fillMessage(count === 0 ? m.noDefinitions : m.namesOnly, { version })}{' '}
          <Typography.Text code copyable>
            {importDefinitionsCommand(version)}
          </Typography.Text>
        </span>
      }
    />
  );
}
