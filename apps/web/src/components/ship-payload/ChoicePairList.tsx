import { useState } from 'react';
import { Col, Select } from 'antd';
import type { ChoiceKey, ShipPayloadState } from '@lab/core/shipping/payload';
import { Field, useChoiceOptions, useGenerator } from './context';
import { DraftText, EditableList } from './EditableList';

type PairListKey = 'etdAttachedDocuments' | 'references';
type PairRow<L extends PairListKey> = ShipPayloadState[L][number];

/** Which list of the state, its rows' choice (offering which list) and text keys, the two inputs' ids. */
export interface PairSpec<L extends PairListKey> {
  list: L;
  choice: keyof PairRow<L> & string;
  choices: ChoiceKey;
  text: keyof PairRow<L> & string;
  ids: [string, string];
}

/**
 * An EditableList of (choice, text) rows (ETD attached documents, customer references): Add keeps
 * the choice for the next row and clears the text.
 */
export function ChoicePairList<L extends PairListKey>(p: {
  spec: PairSpec<L>;
  labels: [string, string];
  addLabel: string;
  canAdd: (draft: PairRow<L>) => boolean;
}) {
  const { s, set } = useGenerator();
  const { list, choice, text, ids } = p.spec;
  const options = useChoiceOptions(p.spec.choices);
  const [draft, setDraft] = useState(() => ({ [choice]: '', [text]: '' }) as unknown as PairRow<L>);
  const rows = s[list] as PairRow<L>[];
  const setRows = (next: (rows: PairRow<L>[]) => PairRow<L>[]) =>
    set((st) => ({ [list]: next(st[list] as PairRow<L>[]) }) as Partial<ShipPayloadState>);
  const value = (k: keyof PairRow<L>) => draft[k] as string;
  return (
    <EditableList
      draft={
        <>
          <Col span={10}>
            <Field label={p.labels[0]} id={ids[0]} field={list}>
              <Select<string>
                id={ids[0]}
                value={value(choice) || undefined}
                options={options}
                onChange={(v) => setDraft((d) => ({ ...d, [choice]: v }))}
              />
            </Field>
          </Col>
          <DraftText
            span={10}
            id={ids[1]}
            label={p.labels[1]}
            value={value(text)}
            onChange={(typed) => setDraft((d) => ({ ...d, [text]: typed }))}
          />
        </>
      }
      addLabel={p.addLabel}
      addSpan={4}
      canAdd={p.canAdd(draft)}
      onAdd={() => {
        setRows((old) => [...old, draft]);
        setDraft({ ...draft, [text]: '' });
      }}
      rows={rows}
      columns={[
        { title: p.labels[0], dataIndex: choice },
        { title: p.labels[1], dataIndex: text },
      ]}
      onRemove={(i) => setRows((old) => old.filter((_r, j) => j !== i))}
    />
  );
}
