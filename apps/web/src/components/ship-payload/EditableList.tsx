import type { ReactNode } from 'react';
import { Button, Col, Input, InputNumber, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Field, useGenerator } from './context';

/** Rows keyed by position (the lists have no ids). */
export type Keyed<T> = T & { key: number };

const withKeys = <T extends object>(rows: T[]): Keyed<T>[] => rows.map((r, key) => ({ ...r, key }));

export interface EditableListProps<T extends object> {
  /**
   * The draft row's inputs (antd `Col`s). The draft is the caller's state: its inputs update it
   * with `setDraft((prev) => …)`, never from a render's copy (a fast second keystroke would undo the first).
   */
  draft: ReactNode;
  addLabel: string;
  /** The Add button's column span (the draft row's columns fill the rest of the 24). */
  addSpan: number;
  canAdd: boolean;
  onAdd: () => void;
  /** Shown under the draft row (e.g. why it cannot be added yet). */
  note?: ReactNode;
  rows: T[];
  /** The table's columns; a Remove column is added at the end. */
  columns: ColumnsType<Keyed<T>>;
  onRemove: (index: number) => void;
  /** The table inside a form Field (its id and the payload field whose warnings it shows). */
  field?: { id: string; field: string };
  scroll?: { y: number };
}

/** A list the generator edits: a draft row with Add, then the table of the rows, each with Remove. */
export function EditableList<T extends object>(p: EditableListProps<T>) {
  const { m } = useGenerator();
  const table = (
    <Table<Keyed<T>>
      size="small"
      pagination={false}
      scroll={p.scroll}
      dataSource={withKeys(p.rows)}
      columns={[
        ...p.columns,
        {
          title: '',
          key: 'remove',
          render: (_, __, i) => (
            <Button size="small" onClick={() => p.onRemove(i)}>
              {m.remove}
            </Button>
          ),
        },
      ]}
    />
  );
  return (
    <>
      <Row gutter={8} align="bottom">
        {p.draft}
        <Col span={p.addSpan}>
          <Button style={{ marginBottom: 10 }} disabled={!p.canAdd} onClick={p.onAdd}>
            {p.addLabel}
          </Button>
        </Col>
      </Row>
      {p.note}
      {p.field ? (
        <Field label="" id={p.field.id} field={p.field.field}>
          {table}
        </Field>
      ) : (
        table
      )}
    </>
  );
}

/** A text input of a draft row, in a column of `span`. */
export function DraftText(p: {
  id: string;
  label: string;
  span: number;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'decimal';
}) {
  return (
    <Col span={p.span}>
      <Field label={p.label} id={p.id}>
        <Input
          id={p.id}
          inputMode={p.inputMode}
          value={p.value}
          onChange={({ target: { value } }) => p.onChange(value)}
        />
      </Field>
    </Col>
  );
}

/** A whole-number input of a draft row, in a column of `span` (an emptied input gives null). */
export function DraftInteger(p: {
  id: string;
  label: string;
  span: number;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
}) {
  return (
    <Col span={p.span}>
      <Field label={p.label} id={p.id}>
        <InputNumber
          id={p.id}
          min={p.min ?? 0}
          max={p.max}
          precision={0}
          value={p.value}
          onChange={(v) => p.onChange(typeof v === 'number' ? v : null)}
        />
      </Field>
    </Col>
  );
}
