import { useMemo, useState, type Key } from 'react';
import { Alert, Card, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TRANSACTION_TYPE, fieldNumbers, parseTransaction } from '@lab/core/transactions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { ParsedFieldsTable } from '@/components/transactions';
import { parsedRows } from '@/lib/transactions/parseRows';
import { fetchDefinitionsByIds } from '@/lib/transactions/transactionApi';
import { messages } from './messages';
import type { Rejection } from './orderRun';
import { isNamed, namedFields } from './ship';

/** ★ A rejected transaction explained: Stratus's words and the parse table with the named fields marked. */
export function RejectionPanel({ rejection }: { rejection: Rejection }) {
  const m = useMessages(messages);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const fields = useMemo(() => {
    const parsed = parseTransaction(rejection.transaction);
    return parsed.ok ? parsed.fields : [];
  }, [rejection.transaction]);
  const definitions = useQuery({
    queryKey: ['stratus', 'rejection-definitions', rejection.transaction],
    queryFn: () => fetchDefinitionsByIds(DEFAULT_TRANSACTION_TYPE, fieldNumbers(fields)),
    enabled: fields.length > 0,
    staleTime: Infinity,
  });
  const named = useMemo(() => namedFields(rejection.messages), [rejection.messages]);
  const rows = useMemo(() => parsedRows(fields, definitions.data ?? []), [fields, definitions.data]);
  // The named fields first, so they are in view without scrolling.
  const ordered = useMemo(
    () => [...rows.filter((r) => isNamed(r, named)), ...rows.filter((r) => !isNamed(r, named))],
    [rows, named],
  );

  return (
    <Card size="small" title={m.rejectedTitle} data-testid="rejection">
      <Flex vertical gap="small">
        {rejection.messages.map((text, i) => (
          <Alert key={i} type="error" showIcon title={<span data-i18n-data>{text}</span>} />
        ))}
        <Typography.Text strong data-testid="named-fields">
          {named.length ? fillMessage(m.namedFields, { ids: named.join(', ') }) : m.noNamedFields}
        </Typography.Text>
        <Typography.Text type="secondary">{m.sentTransaction}</Typography.Text>
        <ParsedFieldsTable
          rows={ordered}
          expanded={expanded}
          onExpandedChange={setExpanded}
          highlight={(row) => isNamed(row, named)}
        />
      </Flex>
    </Card>
  );
}
