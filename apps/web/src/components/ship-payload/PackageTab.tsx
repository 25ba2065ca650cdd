import { useState } from 'react';
import { Row, Typography } from 'antd';
import { canAddReference, emptyPackage, packageProblem, type PackageInput } from '@lab/core/shipping/payload';
import { fillMessage } from '@/lib/i18n';
import { ChoiceField, useGenerator } from './context';
import { SubTabs } from './controls';
import { ChoicePairList, type PairSpec } from './ChoicePairList';
import { DraftInteger, DraftText, EditableList } from './EditableList';

function PackageList() {
  const { s, set, m, totalWeight } = useGenerator();
  const [draft, setDraft] = useState<PackageInput>(emptyPackage());
  const [copies, setCopies] = useState<number>(1);
  const problem = packageProblem(draft);
  const dim = (k: 'length' | 'width' | 'height', label: string) => (
    <DraftInteger
      span={4}
      id={`spg-package-${k}`}
      label={label}
      value={draft[k]}
      onChange={(value) => setDraft((d) => ({ ...d, [k]: value }))}
    />
  );
  return (
    <>
      <Row gutter={12}>
        <ChoiceField span={12} k="weightUnits" label={m.weightUnits} />
        <ChoiceField span={12} k="dimensionUnits" label={m.dimensionUnits} />
      </Row>
      <EditableList
        draft={
          <>
            <DraftText
              span={4}
              id="spg-package-weight"
              label={m.weight}
              inputMode="decimal"
              value={draft.weight}
              onChange={(weight) => setDraft((d) => ({ ...d, weight }))}
            />
            {dim('length', m.length)}
            {dim('width', m.width)}
            {dim('height', m.height)}
            <DraftInteger
              span={3}
              id="spg-package-copies"
              label={m.copies}
              min={1}
              max={999}
              value={copies}
              onChange={(n) => setCopies(n ?? 1)}
            />
          </>
        }
        addLabel={m.addPackage}
        addSpan={5}
        canAdd={problem === null}
        onAdd={() =>
          set((st) => ({ packages: [...st.packages, ...Array.from({ length: copies }, () => ({ ...draft }))] }))
        }
        note={
          problem && (draft.weight !== '' || draft.length !== null || draft.width !== null || draft.height !== null) ? (
            <Typography.Text type="secondary" data-testid="spg-package-problem">
              {problem === 'weight' ? m.packageNeedsWeight : m.packageNeedsDimensions}
            </Typography.Text>
          ) : null
        }
        field={{ id: 'spg-packages', field: 'packages' }}
        scroll={{ y: 320 }}
        rows={s.packages}
        columns={[
          { title: '#', key: 'n', render: (_, __, i) => i + 1, width: 50 },
          { title: `${m.weight} (${s.weightUnits})`, dataIndex: 'weight' },
          { title: m.length, dataIndex: 'length' },
          { title: m.width, dataIndex: 'width' },
          { title: m.height, dataIndex: 'height' },
        ]}
        onRemove={(i) => set((st) => ({ packages: st.packages.filter((_p, j) => j !== i) }))}
      />
      <Typography.Text type="secondary" data-testid="spg-package-count">
        {fillMessage(m.totals, { count: s.packages.length, weight: totalWeight, units: s.weightUnits })}
      </Typography.Text>
    </>
  );
}

const REFERENCES = {
  list: 'references',
  choice: 'type',
  choices: 'customerReferenceType',
  text: 'value',
  ids: ['spg-reference-type', 'spg-reference-value'],
} satisfies PairSpec<'references'>;

function References() {
  const { m } = useGenerator();
  return (
    <>
      <Typography.Text type="secondary">{m.referencesNote}</Typography.Text>
      <ChoicePairList
        spec={REFERENCES}
        labels={[m.referenceType, m.referenceValue]}
        addLabel={m.addReference}
        canAdd={canAddReference}
      />
    </>
  );
}

export function PackageTab() {
  const { m } = useGenerator();
  return (
    <SubTabs
      testId="spg-package-tabs"
      items={[
        { key: 'list', label: m.subPackage, children: <PackageList /> },
        { key: 'reference', label: m.subReference, children: <References /> },
      ]}
    />
  );
}
