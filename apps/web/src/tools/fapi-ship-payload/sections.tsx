import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Col, Flex, Input, InputNumber, Row, Select, Table, Tabs, Typography } from 'antd';
import {
  canAddAttachedDocument,
  canAddReference,
  emptyCommodity,
  emptyPackage,
  emptyZone,
  packageProblem,
  PRODUCT_VALUES,
  type BrokerInput,
  type CommodityInput,
  type DocTabZoneInput,
  type PackageInput,
  type PartyInput,
} from '@lab/core/shipping/payload';
import { CountrySelect } from '@/components/country-select';
import { fillMessage } from '@/lib/i18n';
import {
  ChoiceField,
  DecimalField,
  Field,
  IntegerField,
  TextField,
  useChoiceOptions,
  useGenerator,
  type BoolKey,
} from './context';

/** Rows keyed by position (the lists have no ids). */
const withKeys = <T extends object>(rows: T[]) => rows.map((r, key) => ({ ...r, key }));

interface SubTab {
  key: string;
  label: string;
  disabled?: boolean;
  children: ReactNode;
}

/** Sub-tabs; a disabled one that was shown gives way to the first. */
export function SubTabs({ items, testId }: { items: SubTab[]; testId: string }) {
  const [key, setKey] = useState(items[0]!.key);
  const active = items.some((i) => i.key === key && !i.disabled) ? key : items[0]!.key;
  return <Tabs data-testid={testId} size="small" destroyOnHidden activeKey={active} onChange={setKey} items={items} />;
}

function Check({ k, label, disabled }: { k: BoolKey; label: string; disabled?: boolean }) {
  const { s, set } = useGenerator();
  return (
    <Checkbox
      id={`spg-${k}`}
      checked={s[k]}
      disabled={disabled}
      onChange={(e) => set({ [k]: e.target.checked })}
      style={{ marginBottom: 10 }}
    >
      {label}
    </Checkbox>
  );
}

// ── General ────────────────────────────────────────────────────────────────────────────────

export function GeneralTab() {
  const { s, set, m } = useGenerator();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Field label={m.shipDate} id="spg-shipDate" field="shipDate">
          <Input id="spg-shipDate" type="date" value={s.shipDate} onChange={(e) => set({ shipDate: e.target.value })} />
        </Field>
      </Col>
      <Col span={12}>
        <TextField k="accountNumber" label={m.accountNumber} />
      </Col>
      <Col span={12}>
        <Check k="totalDeclaredValueEnabled" label={m.totalDeclaredValue} />
        <DecimalField k="totalDeclaredValue" label={m.amountUsd} disabled={!s.totalDeclaredValueEnabled} />
      </Col>
    </Row>
  );
}

// ── Label ──────────────────────────────────────────────────────────────────────────────────

function ZoneEditor({
  zone,
  onChange,
  prefix,
  field,
}: {
  zone: DocTabZoneInput;
  onChange: (z: DocTabZoneInput) => void;
  prefix: string;
  field: string;
}) {
  const { m } = useGenerator();
  const justification = useChoiceOptions('justification', zone.justification);
  return (
    <Row gutter={8}>
      <Col span={4}>
        <Field label={m.zoneNumber} id={`${prefix}-number`} field={field}>
          <InputNumber
            id={`${prefix}-number`}
            min={1}
            max={12}
            precision={0}
            value={zone.zoneNumber}
            onChange={(v) => onChange({ ...zone, zoneNumber: typeof v === 'number' ? v : null })}
          />
        </Field>
      </Col>
      <Col span={4}>
        <Field label={m.header} id={`${prefix}-header`}>
          <Input
            id={`${prefix}-header`}
            maxLength={7}
            value={zone.header}
            onChange={(e) => onChange({ ...zone, header: e.target.value })}
          />
        </Field>
      </Col>
      <Col span={7}>
        <Field label={m.dataField} id={`${prefix}-dataField`}>
          <Input
            id={`${prefix}-dataField`}
            value={zone.dataField}
            onChange={(e) => onChange({ ...zone, dataField: e.target.value })}
          />
        </Field>
      </Col>
      <Col span={5}>
        <Field label={m.literalValue} id={`${prefix}-literal`}>
          <Input
            id={`${prefix}-literal`}
            value={zone.literalValue}
            onChange={(e) => onChange({ ...zone, literalValue: e.target.value })}
          />
        </Field>
      </Col>
      <Col span={4}>
        <Field label={m.justification} id={`${prefix}-justification`}>
          <Select<string>
            id={`${prefix}-justification`}
            value={zone.justification}
            options={justification}
            onChange={(v) => onChange({ ...zone, justification: v })}
          />
        </Field>
      </Col>
    </Row>
  );
}

function DocTabPane() {
  const { s, set, m } = useGenerator();
  return (
    <>
      <ChoiceField k="docTabContentType" list="docTabContentType" label={m.docTabContentType} />
      {s.docTabContentType === 'BARCODED' ? (
        <>
          <ChoiceField k="barcodedSymbology" list="symbology" label={m.symbology} />
          <ZoneEditor
            zone={s.barcodedZone}
            prefix="spg-barcoded"
            field="barcodedZone"
            onChange={(z) => set({ barcodedZone: z })}
          />
        </>
      ) : null}
      {s.docTabContentType === 'ZONE001' ? (
        <>
          {s.zones.map((z, i) => (
            <div key={i}>
              <Flex justify="space-between" align="center">
                <Typography.Text strong>{fillMessage(m.zone, { n: i + 1 })}</Typography.Text>
                <Button size="small" onClick={() => set((st) => ({ zones: st.zones.filter((_, j) => j !== i) }))}>
                  {m.remove}
                </Button>
              </Flex>
              <ZoneEditor
                zone={z}
                prefix={`spg-zone-${i}`}
                field={`zones.${i}`}
                onChange={(nz) => set((st) => ({ zones: st.zones.map((old, j) => (j === i ? nz : old)) }))}
              />
            </div>
          ))}
          <Button
            disabled={s.zones.length >= 12}
            onClick={() => set((st) => ({ zones: [...st.zones, emptyZone(Math.min(12, st.zones.length + 1))] }))}
          >
            {m.addZone}
          </Button>
        </>
      ) : null}
    </>
  );
}

export function LabelTab() {
  const { s, set, a, m } = useGenerator();
  const masked = useChoiceOptions('maskedData', s.maskedData);
  return (
    <SubTabs
      testId="spg-label-tabs"
      items={[
        {
          key: 'basic',
          label: m.subBasic,
          children: (
            <Row gutter={12}>
              <Col span={12}>
                <ChoiceField k="imageType" list="imageType" label={m.imageType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelStockType" list="labelStockType" label={m.labelStockType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelFormatType" list="labelFormatType" label={m.labelFormatType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelResponseOptions" list="labelResponseOptions" label={m.labelResponseOptions} />
              </Col>
            </Row>
          ),
        },
        {
          key: 'advanced',
          label: m.subAdvanced,
          children: (
            <Row gutter={12}>
              <Col span={8}>
                <ChoiceField
                  k="labelOrder"
                  list="labelOrder"
                  label={m.labelOrder}
                  disabled={!a.thermal}
                  extra={a.thermal ? undefined : m.thermalOnly}
                />
              </Col>
              <Col span={8}>
                <ChoiceField
                  k="labelPrintingOrientation"
                  list="labelPrintingOrientation"
                  label={m.labelPrintingOrientation}
                  disabled={!a.thermal}
                />
              </Col>
              <Col span={8}>
                <ChoiceField k="labelRotation" list="labelRotation" label={m.labelRotation} disabled={!a.thermal} />
              </Col>
              <Col span={24}>
                <Field label={m.maskedData} id="spg-maskedData" field="maskedData">
                  <Select<string[]>
                    id="spg-maskedData"
                    mode="multiple"
                    value={s.maskedData}
                    options={masked}
                    onChange={(v) => set({ maskedData: v })}
                  />
                </Field>
              </Col>
              <Col span={24}>
                <Check k="additionalLabelEnabled" label={m.additionalLabel} />
              </Col>
              <Col span={24}>
                <Check k="docTabEnabled" label={m.docTab} disabled={!a.docTabOption} />
                {a.docTabOption ? null : <Typography.Text type="secondary"> {m.docTabOnly}</Typography.Text>}
              </Col>
            </Row>
          ),
        },
        {
          key: 'additional',
          label: m.subAdditionalLabel,
          disabled: !a.additionalLabel,
          children: (
            <Row gutter={12}>
              <Col span={12}>
                <ChoiceField k="additionalLabelType" list="additionalLabelType" label={m.additionalLabelType} />
              </Col>
              <Col span={12}>
                <IntegerField k="additionalLabelCount" label={m.additionalLabelCount} />
              </Col>
            </Row>
          ),
        },
        { key: 'doctab', label: m.subDocTab, disabled: !a.docTab, children: <DocTabPane /> },
      ]}
    />
  );
}

// ── Payment ────────────────────────────────────────────────────────────────────────────────

export function PaymentTab() {
  const { a, m } = useGenerator();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <ChoiceField k="shippingPaymentType" list="paymentType" label={m.shippingPayor} />
        <TextField k="shippingAccount" label={m.payorAccount} disabled={!a.shippingAccount} />
      </Col>
      <Col span={12}>
        <ChoiceField k="dutiesPaymentType" list="dutiesPaymentType" label={m.dutiesPayor} />
        <TextField k="dutiesAccount" label={m.dutiesAccount} disabled={!a.dutiesAccount} />
      </Col>
    </Row>
  );
}

// ── Address ────────────────────────────────────────────────────────────────────────────────

function PartyForm<P extends PartyInput>({
  which,
  party,
  onChange,
}: {
  which: string;
  party: P;
  onChange: (p: P) => void;
}) {
  const { m } = useGenerator();
  const text = (
    k: 'personName' | 'phoneNumber' | 'companyName' | 'city' | 'stateOrProvinceCode' | 'postalCode',
    label: string,
  ) => (
    <Field label={label} id={`spg-${which}-${k}`} field={`${which}.${k}`}>
      <Input id={`spg-${which}-${k}`} value={party[k]} onChange={(e) => onChange({ ...party, [k]: e.target.value })} />
    </Field>
  );
  return (
    <>
      {text('personName', m.personName)}
      {text('phoneNumber', m.phoneNumber)}
      {text('companyName', m.companyName)}
      {([0, 1, 2] as const).map((i) => (
        <Field key={i} label={fillMessage(m.streetLine, { n: i + 1 })} id={`spg-${which}-street-${i}`}>
          <Input
            id={`spg-${which}-street-${i}`}
            value={party.streetLines[i]}
            onChange={(e) => {
              const lines = [...party.streetLines] as PartyInput['streetLines'];
              lines[i] = e.target.value;
              onChange({ ...party, streetLines: lines });
            }}
          />
        </Field>
      ))}
      {text('city', m.city)}
      {text('stateOrProvinceCode', m.stateOrProvinceCode)}
      {text('postalCode', m.postalCode)}
      <Field label={m.countryCode} id={`spg-${which}-countryCode`} field={`${which}.countryCode`}>
        <CountrySelect
          id={`spg-${which}-countryCode`}
          value={party.countryCode}
          onChange={(v) => onChange({ ...party, countryCode: v })}
        />
      </Field>
    </>
  );
}

export function AddressTab() {
  const { s, set, m } = useGenerator();
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Typography.Title level={5}>{m.shipper}</Typography.Title>
        <PartyForm which="shipper" party={s.shipper} onChange={(p) => set({ shipper: p })} />
      </Col>
      <Col span={12}>
        <Typography.Title level={5}>{m.recipient}</Typography.Title>
        <PartyForm which="recipient" party={s.recipient} onChange={(p) => set({ recipient: p })} />
      </Col>
    </Row>
  );
}

// ── Service ────────────────────────────────────────────────────────────────────────────────

function EtdPane() {
  const { s, set, m } = useGenerator();
  const requested = useChoiceOptions('etdRequestedDocumentType', s.etdRequestedDocumentTypes);
  const types = useChoiceOptions('etdAttachedDocumentType');
  const [draft, setDraft] = useState({ documentType: '', documentId: '' });
  return (
    <>
      <Field label={m.etdDocumentTypes} id="spg-etdRequestedDocumentTypes" field="etdRequestedDocumentTypes">
        <Select<string[]>
          id="spg-etdRequestedDocumentTypes"
          mode="multiple"
          value={s.etdRequestedDocumentTypes}
          options={requested}
          onChange={(v) => set({ etdRequestedDocumentTypes: v })}
        />
      </Field>
      <Check k="etdPostShipmentUpload" label={m.postShipmentUpload} />
      <Typography.Title level={5}>{m.attachedDocuments}</Typography.Title>
      <Row gutter={8} align="bottom">
        <Col span={10}>
          <Field label={m.documentType} id="spg-etd-doc-type" field="etdAttachedDocuments">
            <Select<string>
              id="spg-etd-doc-type"
              value={draft.documentType || undefined}
              options={types}
              onChange={(v) => setDraft((d) => ({ ...d, documentType: v }))}
            />
          </Field>
        </Col>
        <Col span={10}>
          <Field label={m.documentId} id="spg-etd-doc-id">
            <Input
              id="spg-etd-doc-id"
              value={draft.documentId}
              onChange={({ target: { value } }) => setDraft((d) => ({ ...d, documentId: value }))}
            />
          </Field>
        </Col>
        <Col span={4}>
          <Button
            style={{ marginBottom: 10 }}
            disabled={!canAddAttachedDocument(draft)}
            onClick={() => {
              set((st) => ({ etdAttachedDocuments: [...st.etdAttachedDocuments, draft] }));
              setDraft({ documentType: draft.documentType, documentId: '' });
            }}
          >
            {m.add}
          </Button>
        </Col>
      </Row>
      <Table
        size="small"
        pagination={false}
        dataSource={withKeys(s.etdAttachedDocuments)}
        columns={[
          { title: m.documentType, dataIndex: 'documentType' },
          { title: m.documentId, dataIndex: 'documentId' },
          {
            title: '',
            key: 'remove',
            render: (_, __, i) => (
              <Button
                size="small"
                onClick={() =>
                  set((st) => ({ etdAttachedDocuments: st.etdAttachedDocuments.filter((_d, j) => j !== i) }))
                }
              >
                {m.remove}
              </Button>
            ),
          },
        ]}
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
              <Col span={8}>
                <ChoiceField k="serviceType" list="serviceType" label={m.serviceType} />
              </Col>
              <Col span={8}>
                <ChoiceField k="pickupType" list="pickupType" label={m.pickupType} />
              </Col>
              <Col span={8}>
                <ChoiceField k="packagingType" list="packagingType" label={m.packagingType} />
              </Col>
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
              <Col span={8}>
                <TextField k="bookingConfirmationNumber" label={m.bookingConfirmationNumber} disabled={!a.freight} />
              </Col>
              <Col span={8}>
                <IntegerField k="shippersLoadAndCount" label={m.shippersLoadAndCount} disabled={!a.freight} />
              </Col>
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

// ── Commodity ──────────────────────────────────────────────────────────────────────────────

function CommodityList() {
  const { s, set, m } = useGenerator();
  const [draft, setDraft] = useState<CommodityInput>({ ...emptyCommodity(), countryOfManufacture: 'CN' });
  const text = (
    k: 'description' | 'harmonizedCode' | 'quantityUnits' | 'unitPrice' | 'customsValue' | 'weight',
    label: string,
    span: number,
  ) => (
    <Col span={span}>
      <Field label={label} id={`spg-commodity-${k}`}>
        <Input
          id={`spg-commodity-${k}`}
          value={draft[k]}
          onChange={({ target: { value } }) => setDraft((d) => ({ ...d, [k]: value }))}
        />
      </Field>
    </Col>
  );
  return (
    <>
      <Row gutter={8} align="bottom">
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
        <Col span={3}>
          <Field label={m.quantity} id="spg-commodity-quantity">
            <InputNumber
              id="spg-commodity-quantity"
              min={0}
              precision={0}
              value={draft.quantity}
              onChange={(v) => setDraft((d) => ({ ...d, quantity: typeof v === 'number' ? v : null }))}
            />
          </Field>
        </Col>
        {text('quantityUnits', m.quantityUnits, 3)}
        {text('unitPrice', m.unitPrice, 5)}
        {text('customsValue', m.customsValue, 5)}
        {text('weight', m.weightKg, 5)}
        <Col span={9}>
          <Button
            style={{ marginBottom: 10 }}
            disabled={draft.description.trim() === ''}
            onClick={() => {
              set((st) => ({ commodities: [...st.commodities, draft] }));
              setDraft({ ...emptyCommodity(), countryOfManufacture: draft.countryOfManufacture });
            }}
          >
            {m.addCommodity}
          </Button>
        </Col>
      </Row>
      <Field label="" id="spg-commodities" field="commodities">
        <Table
          size="small"
          pagination={false}
          dataSource={withKeys(s.commodities)}
          columns={[
            { title: '#', key: 'n', render: (_, __, i) => i + 1 },
            { title: m.description, dataIndex: 'description' },
            { title: m.harmonizedCode, dataIndex: 'harmonizedCode' },
            { title: m.countryOfManufacture, dataIndex: 'countryOfManufacture' },
            { title: m.quantity, key: 'q', render: (_, c) => `${c.quantity ?? ''} ${c.quantityUnits}` },
            { title: m.unitPrice, dataIndex: 'unitPrice' },
            { title: m.customsValue, dataIndex: 'customsValue' },
            { title: m.weightKg, dataIndex: 'weight' },
            {
              title: '',
              key: 'remove',
              render: (_, __, i) => (
                <Button
                  size="small"
                  onClick={() => set((st) => ({ commodities: st.commodities.filter((_c, j) => j !== i) }))}
                >
                  {m.remove}
                </Button>
              ),
            },
          ]}
        />
      </Field>
    </>
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
              <Col span={12}>
                <Check k="eci" label={m.eci} />
              </Col>
              <Col span={12}>
                <Check k="isDocumentOnly" label={m.isDocumentOnly} />
              </Col>
              <Col span={8}>
                <TextField k="currency" label={m.currency} />
              </Col>
              <Col span={8}>
                <ChoiceField k="shipmentPurpose" list="shipmentPurpose" label={m.shipmentPurpose} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <TextField k="termsOfSale" label={m.termsOfSale} disabled={!a.eci} />
              </Col>
              <Col span={12}>
                <CommentField i={0} />
              </Col>
              <Col span={12}>
                <CommentField i={1} />
              </Col>
              <Col span={12}>
                <TextField k="declarationStatement" label={m.declarationStatement} disabled={!a.eci} />
              </Col>
              <Col span={12}>
                <TextField k="specialInstructions" label={m.specialInstructions} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <DecimalField k="freightCharge" label={m.freightCharge} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <DecimalField k="packingCosts" label={m.packingCosts} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <DecimalField k="handlingCosts" label={m.handlingCosts} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <DecimalField k="taxesOrMiscellaneousCharge" label={m.taxesOrMiscellaneousCharge} disabled={!a.eci} />
              </Col>
              <Col span={8}>
                <DecimalField k="insuranceCharge" label={m.insuranceCharge} />
              </Col>
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
              <Col span={24}>
                <Check k="eciImages" label={m.eciImages} disabled={!a.eci} />
              </Col>
              <Col span={12}>
                <ChoiceField
                  k="letterheadImageId"
                  list="customerImageId"
                  label={m.letterheadImageId}
                  disabled={!a.eciImages}
                />
              </Col>
              <Col span={12}>
                <ChoiceField
                  k="signatureImageId"
                  list="customerImageId"
                  label={m.signatureImageId}
                  disabled={!a.eciImages}
                />
              </Col>
            </Row>
          ),
        },
      ]}
    />
  );
}

function CommentField({ i }: { i: 0 | 1 }) {
  const { s, set, a, m } = useGenerator();
  const id = `spg-comment-${i}`;
  return (
    <Field label={fillMessage(m.comment, { n: i + 1 })} id={id}>
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

// ── Package ────────────────────────────────────────────────────────────────────────────────

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
        <Col span={12}>
          <ChoiceField k="weightUnits" list="weightUnits" label={m.weightUnits} />
        </Col>
        <Col span={12}>
          <ChoiceField k="dimensionUnits" list="dimensionUnits" label={m.dimensionUnits} />
        </Col>
      </Row>
      <Row gutter={8} align="bottom">
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
        <Col span={5}>
          <Button
            style={{ marginBottom: 10 }}
            disabled={problem !== null}
            onClick={() =>
              set((st) => ({ packages: [...st.packages, ...Array.from({ length: copies }, () => ({ ...draft }))] }))
            }
          >
            {m.addPackage}
          </Button>
        </Col>
      </Row>
      {problem && (draft.weight !== '' || draft.length !== null || draft.width !== null || draft.height !== null) ? (
        <Typography.Text type="secondary" data-testid="spg-package-problem">
          {problem === 'weight' ? m.packageNeedsWeight : m.packageNeedsDimensions}
        </Typography.Text>
      ) : null}
      <Field label="" id="spg-packages" field="packages">
        <Table
          size="small"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={withKeys(s.packages)}
          columns={[
            { title: '#', key: 'n', render: (_, __, i) => i + 1, width: 50 },
            { title: `${m.weight} (${s.weightUnits})`, dataIndex: 'weight' },
            { title: m.length, dataIndex: 'length' },
            { title: m.width, dataIndex: 'width' },
            { title: m.height, dataIndex: 'height' },
            {
              title: '',
              key: 'remove',
              render: (_, __, i) => (
                <Button
                  size="small"
                  onClick={() => set((st) => ({ packages: st.packages.filter((_p, j) => j !== i) }))}
                >
                  {m.remove}
                </Button>
              ),
            },
          ]}
        />
      </Field>
      <Typography.Text type="secondary" data-testid="spg-package-count">
        {fillMessage(m.totals, { count: s.packages.length, weight: totalWeight, units: s.weightUnits })}
      </Typography.Text>
    </>
  );
}

function References() {
  const { s, set, m } = useGenerator();
  const types = useChoiceOptions('customerReferenceType');
  const [draft, setDraft] = useState({ type: '', value: '' });
  return (
    <>
      <Typography.Text type="secondary">{m.referencesNote}</Typography.Text>
      <Row gutter={8} align="bottom">
        <Col span={10}>
          <Field label={m.referenceType} id="spg-reference-type" field="references">
            <Select<string>
              id="spg-reference-type"
              value={draft.type || undefined}
              options={types}
              onChange={(v) => setDraft((d) => ({ ...d, type: v }))}
            />
          </Field>
        </Col>
        <Col span={10}>
          <Field label={m.referenceValue} id="spg-reference-value">
            <Input
              id="spg-reference-value"
              value={draft.value}
              onChange={({ target: { value } }) => setDraft((d) => ({ ...d, value: value }))}
            />
          </Field>
        </Col>
        <Col span={4}>
          <Button
            style={{ marginBottom: 10 }}
            disabled={!canAddReference(draft)}
            onClick={() => {
              set((st) => ({ references: [...st.references, draft] }));
              setDraft({ type: draft.type, value: '' });
            }}
          >
            {m.addReference}
          </Button>
        </Col>
      </Row>
      <Table
        size="small"
        pagination={false}
        dataSource={withKeys(s.references)}
        columns={[
          { title: m.referenceType, dataIndex: 'type' },
          { title: m.referenceValue, dataIndex: 'value' },
          {
            title: '',
            key: 'remove',
            render: (_, __, i) => (
              <Button
                size="small"
                onClick={() => set((st) => ({ references: st.references.filter((_r, j) => j !== i) }))}
              >
                {m.remove}
              </Button>
            ),
          },
        ]}
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
