import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Flex, Input, Select, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  checkFormat,
  DEFAULT_TRANSACTION_TYPE,
  fieldNumbers,
  parseTransaction,
  splitAllValues,
  trimTransaction,
} from '@lab/core/transactions';
import { copyToClipboard } from '@/lib/clipboard';
import { notify } from '@/lib/notify';
import { useServerAction } from '@/lib/serverAction';
import { fetchDefinitionsByIds, useTransactionTypes } from '@/tools/transaction-search/transactionApi';
import { filterRows, lengthText, parsedRows, rowTone, type ParsedRow } from './parseRows';

export const TRIMMED_COPIED = 'trimmed transaction copied to clipboard';

const toneStyles = `
.tran-row-warning > .ant-table-cell { background: #fffbe6 !important; }
.tran-row-error > .ant-table-cell { background: #fff2f0 !important; }
.tran-row-info > .ant-table-cell { background: #e6f4ff !important; }
`;

const columns: ColumnsType<ParsedRow> = [
  { title: 'ID', dataIndex: 'id', width: 90 },
  { title: 'Suffix', dataIndex: 'suffix', width: 90, render: (s: string | null) => s ?? '' },
  { title: 'Field Name', dataIndex: 'name', width: 300 },
  {
    title: 'Field Value',
    dataIndex: 'value',
    width: 420,
    render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</span>,
  },
  { title: 'Length', key: 'length', width: 110, render: (_: unknown, row) => lengthText(row) },
];

function DefinitionDetails({ row }: { row: ParsedRow }) {
  const d = row.definition;
  if (!d) return <span>No definition of field {row.id} for this type.</span>;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'vt', label: 'Value Type', children: d.valueType ?? '' },
        { key: 'ml', label: 'Max Length', children: d.length ?? '' },
        { key: 'oc', label: 'Occurrences', children: d.occurrences ?? '' },
        { key: 'de', label: 'Details', children: d.details ?? '' },
        {
          key: 'av',
          label: 'All Possible Values',
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{splitAllValues(d.allValues).join('\n')}</span>,
        },
      ]}
    />
  );
}

export default function ParseTransactionPage() {
  const types = useTransactionTypes();
  const [text, setText] = useState('');
  const [strict, setStrict] = useState(false);
  const [type, setType] = useState(DEFAULT_TRANSACTION_TYPE);
  const [rows, setRows] = useState<ParsedRow[] | undefined>();
  const [nameFilter, setNameFilter] = useState('');

  const check = useMemo(() => checkFormat(text, { strict }), [text, strict]);
  const shown = useMemo(() => (rows ? filterRows(rows, nameFilter) : []), [rows, nameFilter]);

  const parse = useServerAction({
    mutationFn: async () => {
      const parsed = parseTransaction(text, { strict });
      if (!parsed.ok) throw new Error(parsed.error.reason);
      const defs = await fetchDefinitionsByIds(type, fieldNumbers(parsed.fields));
      return parsedRows(parsed.fields, defs);
    },
    onSuccess: setRows,
  });

  const trim = async () => {
    const trimmed = trimTransaction(text);
    if (!trimmed.ok) return;
    if (await copyToClipboard(trimmed.text)) notify.success(TRIMMED_COPIED);
    else notify.error('the clipboard is not available in this browser');
  };

  const typeOptions = (types.data ?? [DEFAULT_TRANSACTION_TYPE]).map((t) => ({ value: t, label: t }));

  return (
    <Flex vertical gap="middle">
      <style>{toneStyles}</style>
      <Alert
        type="info"
        showIcon
        title="The field definitions come from v14 software and may be incomplete or incorrect."
      />
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
            <Tooltip title={check.ok ? undefined : `${check.reason} (at character ${check.position + 1})`}>
              <Tag color={check.ok ? 'success' : 'error'} data-testid="format-tag">
                {check.ok ? 'format correct' : 'format incorrect'}
              </Tag>
            </Tooltip>
            {!check.ok && text !== '' && (
              <span data-testid="format-problem" style={{ color: '#8c8c8c' }}>
                {check.reason} at character {check.position + 1}
              </span>
            )}
            <Checkbox checked={strict} onChange={(e) => setStrict(e.target.checked)}>
              strict mode
            </Checkbox>
            <Select
              aria-label="transaction type"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 320 }}
              value={type}
              onChange={setType}
              options={typeOptions}
              disabled={!check.ok}
            />
            <Button type="primary" disabled={!check.ok} loading={parse.isPending} onClick={() => parse.mutate()}>
              Parse
            </Button>
            <Button disabled={!check.ok} onClick={() => void trim()}>
              Trim
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
                {shown.length === rows.length ? `${rows.length} fields` : `${shown.length} of ${rows.length} fields`}
              </Tag>
              <Input
                aria-label="field name"
                placeholder="search field name"
                allowClear
                style={{ maxWidth: 280 }}
                value={nameFilter}
                onChange={(e) => setNameFilter(e.target.value)}
              />
            </Flex>
          }
        >
          <Table<ParsedRow>
            virtual
            size="small"
            rowKey="key"
            columns={columns}
            dataSource={shown}
            pagination={false}
            scroll={{ x: 1058, y: 560 }}
            rowClassName={(row) => {
              const tone = rowTone(row);
              return tone ? `tran-row-${tone}` : '';
            }}
            expandable={{ columnWidth: 48, expandedRowRender: (row) => <DefinitionDetails row={row} /> }}
          />
        </Card>
      )}
    </Flex>
  );
}
