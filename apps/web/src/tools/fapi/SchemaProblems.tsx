import { Alert, Typography } from 'antd';
import type { CarrierEndpoint } from '@lab/core/carrier';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { SchemaCheck } from './fapiApi';
import { messages } from './messages';

/** The request's schema check (against the imported document), its problems linked to their nodes. */
export function SchemaProblems({
  endpoint,
  check,
  onJump,
}: {
  endpoint: CarrierEndpoint;
  /** The request text's schema check (kept by the panel across a switch to a specific form and back). */
  check: SchemaCheck;
  onJump: (path: string) => void;
}) {
  const m = useMessages(messages);
  const { data: reply, error, isFetching } = check;
  const problems = reply?.problems ?? [];
  if (!endpoint.operation) return <Typography.Text type="secondary">{m.schemaNone}</Typography.Text>;
  if (check.invalid)
    return (
      <Typography.Text type="secondary" data-testid="schema-waiting">
        {m.schemaWaiting}
      </Typography.Text>
    );
  if (!check.current) return <Typography.Text type="secondary">{m.schemaChecking}</Typography.Text>;
  if (error)
    return <Typography.Text type="danger">{fillMessage(m.schemaFailed, { message: error.message })}</Typography.Text>;
  if (!reply) return isFetching ? <Typography.Text type="secondary">{m.schemaChecking}</Typography.Text> : null;
  if (!reply.imported) return <Typography.Text type="secondary">{m.schemaNotImported}</Typography.Text>;
  if (problems.length === 0)
    return (
      <Typography.Text type="success" data-testid="schema-valid">
        {m.schemaValid}
      </Typography.Text>
    );
  return (
    <Alert
      type="warning"
      data-testid="schema-problems"
      title={fillMessage(m.schemaProblems, { n: problems.length })}
      description={
        // The problems are the carrier's own validation messages (data, in the carrier's words).
        <ul data-i18n-data style={{ margin: 0, paddingInlineStart: 18, maxHeight: 200, overflow: 'auto' }}>
          {problems.map((p, i) => (
            <li key={`${p.path}-${i}`}>
              <Typography.Link onClick={() => onJump(p.path)}>
                <code>{p.path}</code>
              </Typography.Link>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
