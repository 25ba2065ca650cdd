import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Input, Tag, Tooltip } from 'antd';
import {
  checkFormat,
  DEFAULT_TRANSACTION_TYPE,
  fieldNumbers,
  parseTransaction,
  trimTransaction,
} from '@lab/core/transactions';
import { copyToClipboard } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { filterRows, parsedRows, type ParsedRow } from '@/lib/transactions/parseRows';
import { fetchDefinitionsByIds, useTransactionTypes } from '@/lib/transactions/transactionApi';
import { DefinitionsStatus, ParsedFieldsTable, TypeSelect } from '@/components/transactions';
import { messages } from './messages';

export const TRIMMED_COPIED = 'trimmed transaction copied to clipboard';

/** A parse's rows with the input they came from: they are shown only while the input is that input. */
interface ParseResult {
  text: string;
  strict: boolean;
  type: string;
  rows: ParsedRow[];
}

export default function ParseTransactionPage() {
  const m = useMessages(messages);
  const types = useTransactionTypes();
  const [text, setText] = useState('');
  const [strict, setStrict] = useState(false);
  const [type, setType] = useState(DEFAULT_TRANSACTION_TYPE);
  const [result, setResult] = useState<ParseResult | undefined>();
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [nameFilter, setNameFilter] = useState('');

  const check = useMemo(() => checkFormat(text, { strict }), [text, strict]);
  // Results belong to the text (and options) they came from: any change clears them.
  const rows =
    result && result.text === text && result.strict === strict && result.type === type ? result.rows : undefined;
  const shown = useMemo(() => (rows ? filterRows(rows, nameFilter) : []), [rows, nameFilter]);

  const parse = useServerAction({
    mutationFn: async (input: { text: string; strict: boolean; type: string }): Promise<ParseResult> => {
      const parsed = parseTransaction(input.text, { strict: input.strict });
      if (!parsed.ok) throw new Error(parsed.error.reason);
      const defs = await fetchDefinitionsByIds(input.type, fieldNumbers(parsed.fields));
      return { ...input, rows: parsedRows(parsed.fields, defs) };
    },
    onSuccess: (r) => {
      setResult(r);
      setExpanded([]);
    },
  });

  const trim = async () => {
    const trimmed = trimTransaction(text);
    if (!trimmed.ok) return;
    if (await copyToClipboard(trimmed.text)) notify.success(m.trimmedCopied);
    else notify.error(m.noClipboard);
  };

  const reason = check.ok ? '' : (m[check.reason as keyof typeof m] ?? check.reason);

  return (
    <Flex vertical gap="middle">
      <Alert type="info" showIcon title={m.v14Note} />
      <DefinitionsStatus reply={types.data} />
      <Card>
        <Flex vertical gap="small">
          <Input.TextArea
            aria-label="transaction"
            rows={20}
            value={text}
            placeholder={'0,"020"1,"..."99,""'}
            onChange={(e) => setText(e.target.value)}
            style={{ fontFamily: 'monospace' }}
          />
          <Flex wrap gap="small" align="center">
            <Tooltip
              title={check.ok ? undefined : fillMessage(m.atCharacterTip, { reason, position: check.position + 1 })}
            >
              <Tag color={check.ok ? 'success' : 'error'} data-testid="format-tag">
                {check.ok ? m.formatCorrect : m.formatIncorrect}
              </Tag>
            </Tooltip>
            {!check.ok && text !== '' && (
              <span data-testid="format-problem" style={{ color: '#8c8c8c' }}>
                {fillMessage(m.atCharacter, { reason, position: check.position + 1 })}
              </span>
            )}
            <Checkbox checked={strict} onChange={(e) => setStrict(e.target.checked)}>
              {m.strictMode}
            </Checkbox>
            <TypeSelect
              types={types.data?.types}
              loading={types.isLoading}
              value={type}
              onChange={setType}
              disabled={!check.ok}
            />
            <Button
              type="primary"
              disabled={!check.ok}
              loading={parse.isPending}
              onClick={() => parse.mutate({ text, strict, type })}
            >
              {m.parse}
            </Button>
            <Button disabled={!check.ok} onClick={() => void trim()}>
              {m.trim}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {rows && (
        <Card
          size="small"
          title={
            <Flex gap="small" align="center">
              <Tag color="blue" data-testid="field-count">
                {shown.length === rows.length
                  ? fillMessage(m.fields, { n: rows.length })
                  : fillMessage(m.someFields, { shown: shown.length, n: rows.length })}
              </Tag>
              <Input
                aria-label="field name"
                placeholder={m.fieldNamePlaceholder}
                allowClear
                style={{ maxWidth: 280 }}
                value={nameFilter}
                onChange={(e) => setNameFilter(e.target.value)}
              />
            </Flex>
          }
        >
          <ParsedFieldsTable rows={shown} expanded={expanded} onExpandedChange={setExpanded} />
        </Card>
      )}
    </Flex>
  );
}
