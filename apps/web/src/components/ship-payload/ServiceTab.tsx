import { Checkbox, Col, Input, Row, Typography } from 'antd';
import { canAddAttachedDocument, PRODUCT_VALUES, type BrokerInput } from '@lab/core/shipping/payload';
import { ChoiceField, Field, IntegerField, MultiChoiceField, TextField, useGenerator } from './context';
import { Check, SubTabs } from './controls';
import { ChoicePairList, type PairSpec } from './ChoicePairList';
import { PartyForm } from './PartyForm';

const ATTACHED = {
  list: 'etdAttachedDocuments',
  choice: 'documentType',
  choices: 'etdAttachedDocumentType',
  text: 'documentId',
  ids: ['spg-etd-doc-type', 'spg-etd-doc-id'],
} satisfies PairSpec<'etdAttachedDocuments'>;

function EtdPane() {
  const { m } = useGenerator();
  return (
    <>
      <MultiChoiceField k="etdRequestedDocumentTypes" list="etdRequestedDocumentType" label={m.etdDocumentTypes} />
      <Check k="etdPostShipmentUpload" label={m.postShipmentUpload} />
      <Typography.Title level={5}>{m.attachedDocuments}</Typography.Title>
      <ChoicePairList
        spec={ATTACHED}
        labels={[m.documentType, m.documentId]}
        addLabel={m.add}
        canAdd={canAddAttachedDocument}
      />
    </>
  );
}

function BrokerPane() {
  const { s, set, m } = useGenerator();
  return (
    <>
      <Typography.Title level={5}>{m.broker}</Typography.Title>
      <PartyForm<BrokerInput> which="broker" party={s.broker} onChange={(p) => set({ broker: p })} />
      <Field label={m.brokerAccount} id="spg-broker-account">
        <Input
          id="spg-broker-account"
          value={s.broker.accountNumber}
          onChange={(e) => set((st) => ({ broker: { ...st.broker, accountNumber: e.target.value } }))}
        />
      </Field>
    </>
  );
}

export function ServiceTab() {
  const { s, set, a, m } = useGenerator();
  const special = (PRODUCT_VALUES.specialServiceType ?? []).map((v) => ({ value: v, label: v }));
  return (
    <SubTabs
      testId="spg-service-tabs"
      items={[
        {
          key: 'general',
          label: m.subGeneral,
          children: (
            <Row gutter={12}>
              <ChoiceField span={8} k="serviceType" label={m.serviceType} />
              <ChoiceField span={8} k="pickupType" label={m.pickupType} />
              <ChoiceField span={8} k="packagingType" label={m.packagingType} />
              <Col span={24}>
                <Field label={m.specialServices} id="spg-specialServices" field="specialServices">
                  <div data-i18n-data id="spg-specialServices">
                    <Checkbox.Group
                      value={s.specialServices}
                      options={special}
                      onChange={(v) => set({ specialServices: v })}
                    />
                  </div>
                </Field>
              </Col>
              <Col span={24}>
                <Typography.Text strong>{m.freight}</Typography.Text>
              </Col>
              <TextField
                span={8}
                k="bookingConfirmationNumber"
                label={m.bookingConfirmationNumber}
                disabled={!a.freight}
              />
              <IntegerField span={8} k="shippersLoadAndCount" label={m.shippersLoadAndCount} disabled={!a.freight} />
              <Col span={8} style={{ paddingTop: 30 }}>
                <Check k="packingListEnclosed" label={m.packingListEnclosed} disabled={!a.freight} />
              </Col>
            </Row>
          ),
        },
        { key: 'etd', label: m.subEtd, disabled: !a.etd, children: <EtdPane /> },
        { key: 'bso', label: m.subBso, disabled: !a.bso, children: <BrokerPane /> },
        {
          key: 'hal',
          label: m.subHal,
          disabled: !a.hal,
          children: <TextField k="holdAtLocationId" label={m.locationId} />,
        },
      ]}
    />
  );
}
