import { useState } from 'react';
import { Col, Input, InputNumber, Row, Typography } from 'antd';
import { canAddReference, emptyPackage, packageProblem, type PackageInput } from '@lab/core/shipping/payload';
import { fillMessage } from '@/lib/i18n';
import { ChoiceField, Field, useChoiceOptions, useGenerator } from './context';
import { SubTabs } from './controls';
import { ChoicePairList, type PairSpec } from './ChoicePairList';
import { EditableList } from './EditableList';

function PackageList() {
  const { s, set, m, totalWeight } = useGenerator();
  const [draft, setDraft] = useState<PackageInput>(emptyPackage());
  const [copies, setCopies] = useState<number>(1);
  const problem = packageProblem(draft);
  const dim = (k: 'length' | 'width' | 'height', label: string) => (
    <Col span={4}>
      <Field label={label} id={`spg-package-${k}`}>
        <InputNumber
          id={`spg-package-${k}`}
          min={0}
          precision={0}
          value={draft[k]}
          onChange={(v) => setDraft((d) => ({ ...d, [k]: typeof v === 'number' ? v : null }))}
        />
      </Field>
    </Col>
  );
  return (
    <>
      <Row gutter={12}>
        <ChoiceField span={12} k="weightUnits" list="weightUnits" label={m.weightUnits} />
        <ChoiceField span={12} k="dimensionUnits" list="dimensionUnits" label={m.dimensionUnits} />
      </Row>
      <EditableList
        draft={
          <>
            <Col span={4}>
              <Field label={m.weight} id="spg-package-weight">
                <Input
                  id="spg-package-weight"
                  inputMode="decimal"
                  value={draft.weight}
                  onChange={({ target: { value } }) => setDraft((d) => ({ ...d, weight: value }))}
                />
              </Field>
            </Col>
            {dim('length', m.length)}
            {dim('width', m.width)}
            {dim('height', m.height)}
            <Col span={3}>
              <Field label={m.copies} id="spg-package-copies">
                <InputNumber
                  id="spg-package-copies"
                  min={1}
                  max={999}
                  precision={0}
                  value={copies}
                  onChange={(v) => setCopies(typeof v === 'number' ? v : 1)}
                />
              </Field>
            </Col>
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
  text: 'value',
  ids: ['spg-reference-type', 'spg-reference-value'],
} satisfies PairSpec<'references'>;

function References() {
  const { m } = useGenerator();
  const types = useChoiceOptions('customerReferenceType');
  return (
    <>
      <Typography.Text type="secondary">{m.referencesNote}</Typography.Text>
      <ChoicePairList
        spec={REFERENCES}
        labels={[m.referenceType, m.referenceValue]}
        options={types}
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
