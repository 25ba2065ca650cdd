import { useState } from 'react';
import { Col, Input, Row } from 'antd';
import { emptyCommodity, type CommodityInput } from '@lab/core/shipping/payload';
import { CountrySelect } from '@/components/country-select';
import { fillMessage } from '@/lib/i18n';
import { ChoiceField, DecimalField, Field, TextField, useGenerator } from './context';
import { Check, SubTabs } from './controls';
import { DraftInteger, DraftText, EditableList } from './EditableList';

function CommodityList() {
  const { s, set, m } = useGenerator();
  const [draft, setDraft] = useState<CommodityInput>({ ...emptyCommodity(), countryOfManufacture: 'CN' });
  const text = (
    k: 'description' | 'harmonizedCode' | 'quantityUnits' | 'unitPrice' | 'customsValue' | 'weight',
    label: string,
    span: number,
  ) => (
    <DraftText
      span={span}
      id={`spg-commodity-${k}`}
      label={label}
      value={draft[k]}
      onChange={(value) => setDraft((d) => ({ ...d, [k]: value }))}
    />
  );
  return (
    <EditableList
      draft={
        <>
          {text('description', m.description, 8)}
          {text('harmonizedCode', m.harmonizedCode, 4)}
          <Col span={6}>
            <Field label={m.countryOfManufacture} id="spg-commodity-country">
              <CountrySelect
                id="spg-commodity-country"
                value={draft.countryOfManufacture}
                onChange={(v) => setDraft((d) => ({ ...d, countryOfManufacture: v }))}
              />
            </Field>
          </Col>
          <DraftInteger
            span={3}
            id="spg-commodity-quantity"
            label={m.quantity}
            value={draft.quantity}
            onChange={(quantity) => setDraft((d) => ({ ...d, quantity }))}
          />
          {text('quantityUnits', m.quantityUnits, 3)}
          {text('unitPrice', m.unitPrice, 5)}
          {text('customsValue', m.customsValue, 5)}
          {text('weight', m.weightKg, 5)}
        </>
      }
      addLabel={m.addCommodity}
      addSpan={9}
      canAdd={draft.description.trim() !== ''}
      onAdd={() => {
        set((st) => ({ commodities: [...st.commodities, draft] }));
        setDraft({ ...emptyCommodity(), countryOfManufacture: draft.countryOfManufacture });
      }}
      field={{ id: 'spg-commodities', field: 'commodities' }}
      rows={s.commodities}
      columns={[
        { title: '#', key: 'n', render: (_, __, i) => i + 1 },
        { title: m.description, dataIndex: 'description' },
        { title: m.harmonizedCode, dataIndex: 'harmonizedCode' },
        { title: m.countryOfManufacture, dataIndex: 'countryOfManufacture' },
        { title: m.quantity, key: 'q', render: (_, c) => `${c.quantity ?? ''} ${c.quantityUnits}` },
        { title: m.unitPrice, dataIndex: 'unitPrice' },
        { title: m.customsValue, dataIndex: 'customsValue' },
        { title: m.weightKg, dataIndex: 'weight' },
      ]}
      onRemove={(i) => set((st) => ({ commodities: st.commodities.filter((_c, j) => j !== i) }))}
    />
  );
}

export function CommodityTab() {
  const { a, m } = useGenerator();
  return (
    <SubTabs
      testId="spg-commodity-tabs"
      items={[
        {
          key: 'general',
          label: m.subGeneral,
          children: (
            <Row gutter={12}>
              <Check span={12} k="eci" label={m.eci} />
              <Check span={12} k="isDocumentOnly" label={m.isDocumentOnly} />
              <TextField span={8} k="currency" label={m.currency} />
              <ChoiceField span={8} k="shipmentPurpose" label={m.shipmentPurpose} disabled={!a.eci} />
              <TextField span={8} k="termsOfSale" label={m.termsOfSale} disabled={!a.eci} />
              <CommentField span={12} i={0} />
              <CommentField span={12} i={1} />
              <TextField span={12} k="declarationStatement" label={m.declarationStatement} disabled={!a.eci} />
              <TextField span={12} k="specialInstructions" label={m.specialInstructions} disabled={!a.eci} />
              <DecimalField span={8} k="freightCharge" label={m.freightCharge} disabled={!a.eci} />
              <DecimalField span={8} k="packingCosts" label={m.packingCosts} disabled={!a.eci} />
              <DecimalField span={8} k="handlingCosts" label={m.handlingCosts} disabled={!a.eci} />
              <DecimalField
                span={8}
                k="taxesOrMiscellaneousCharge"
                label={m.taxesOrMiscellaneousCharge}
                disabled={!a.eci}
              />
              <DecimalField span={8} k="insuranceCharge" label={m.insuranceCharge} />
            </Row>
          ),
        },
        { key: 'list', label: m.subCommodity, children: <CommodityList /> },
        {
          key: 'eci',
          label: m.subEci,
          disabled: !a.eci,
          children: (
            <Row gutter={12}>
              <Check span={24} k="eciImages" label={m.eciImages} disabled={!a.eci} />
              <ChoiceField
                span={12}
                k="letterheadImageId"
                list="customerImageId"
                label={m.letterheadImageId}
                disabled={!a.eciImages}
              />
              <ChoiceField
                span={12}
                k="signatureImageId"
                list="customerImageId"
                label={m.signatureImageId}
                disabled={!a.eciImages}
              />
            </Row>
          ),
        },
      ]}
    />
  );
}

function CommentField({ i, span }: { i: 0 | 1; span: number }) {
  const { s, set, a, m } = useGenerator();
  const id = `spg-comment-${i}`;
  return (
    <Field label={fillMessage(m.comment, { n: i + 1 })} id={id} span={span}>
      <Input
        id={id}
        disabled={!a.eci}
        value={s.comments[i]}
        onChange={(e) =>
          set((st) => ({
            comments: (i === 0 ? [e.target.value, st.comments[1]] : [st.comments[0], e.target.value]) as [
              string,
              string,
            ],
          }))
        }
      />
    </Field>
  );
}
