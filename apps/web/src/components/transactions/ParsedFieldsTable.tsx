import { useMemo, type Key } from 'react';
import { Descriptions, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { splitAllValues } from '@lab/core/transactions';
import { fillMessage, useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { lengthText, rowTone, type ParsedRow } from '@/lib/transactions/parseRows';

const toneStyles = `
.tran-row-warning > .ant-table-cell { background: #fffbe6 !important; }
.tran-row-error > .ant-table-cell { background: #fff2f0 !important; }
.tran-row-info > .ant-table-cell { background: #e6f4ff !important; }
.tran-row-named > .ant-table-cell { background: #ffccc7 !important; font-weight: 600; }
`;

type Messages = ReturnType<typeof useMessages<keyof (typeof messages)['en']>>;

const columnsOf = (m: Messages): ColumnsType<ParsedRow> => [
  { title: m.colId, dataIndex: 'id', width: 90 },
  { title: m.colSuffix, dataIndex: 'suffix', width: 90, render: (s: string | null) => s ?? '' },
  { title: m.colName, dataIndex: 'name', width: 300 },
  {
    title: m.colValue,
    dataIndex: 'value',
    width: 420,
    render: (v: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{v}</span>,
  },
  { title: m.colLength, key: 'length', width: 110, render: (_: unknown, row) => lengthText(row) },
];

function DefinitionDetails({ row, m }: { row: ParsedRow; m: Messages }) {
  const d = row.definition;
  if (!d) return <span>{fillMessage(m.noDefinition, { id: row.id })}</span>;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'vt', label: m.valueType, children: d.valueType ?? '-' },
        { key: 'ml', label: m.maxLength, children: d.length ?? '-' },
        { key: 'oc', label: m.occurrences, children: d.occurrences ?? '-' },
        { key: 'de', label: m.details, children: d.details ?? '-' },
        {
          key: 'av',
          label: m.allValues,
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{splitAllValues(d.allValues).join('\n') || '-'}</span>,
        },
      ]}
    />
  );
}

export interface ParsedFieldsTableProps {
  rows: ParsedRow[];
  expanded: readonly Key[];
  onExpandedChange: (keys: readonly Key[]) => void;
  /** Rows to stand out (e.g. the fields a service named in its error); marked `data-named`. */
  highlight?: (row: ParsedRow) => boolean;
}

/**
 * The Parse Transaction result table: id, suffix, field name, value, length (actual/max); rows
 * expand to the field's definition; tones for no definition / too long / suffixed ids.
 */
export function ParsedFieldsTable({ rows, expanded, onExpandedChange, highlight }: ParsedFieldsTableProps) {
  const m = useMessages(messages);
  const columns = useMemo(() => columnsOf(m), [m]);
  return (
    <>
      <style>{toneStyles}</style>
      <Table<ParsedRow>
        virtual
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1058, y: 560 }}
        rowClassName={(row) => {
          if (highlight?.(row)) return 'tran-row-named';
          const tone = rowTone(row);
          return tone ? `tran-row-${tone}` : '';
        }}
        onRow={highlight ? (row) => (highlight(row) ? ({ 'data-named': 'true' } as object) : {}) : undefined}
        expandable={{
          columnWidth: 48,
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => onExpandedChange(keys),
          expandedRowRender: (row) => <DefinitionDetails row={row} m={m} />,
        }}
      />
    </>
  );
}
