import { Button, Col, Flex, Input, InputNumber, Row, Select, Typography } from 'antd';
import { emptyZone, type DocTabZoneInput } from '@lab/core/shipping/payload';
import { fillMessage } from '@/lib/i18n';
import { ChoiceField, Field, useChoiceOptions, useGenerator } from './context';

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
  const text = (k: 'header' | 'dataField' | 'literalValue', label: string, span: number, id: string, max?: number) => (
    <Col span={span}>
      <Field label={label} id={`${prefix}-${id}`}>
        <Input
          id={`${prefix}-${id}`}
          maxLength={max}
          value={zone[k]}
          onChange={(e) => onChange({ ...zone, [k]: e.target.value })}
        />
      </Field>
    </Col>
  );
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
      {text('header', m.header, 4, 'header', 7)}
      {text('dataField', m.dataField, 7, 'dataField')}
      {text('literalValue', m.literalValue, 5, 'literal')}
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

export function DocTabPane() {
  const { s, set, m } = useGenerator();
  return (
    <>
      <ChoiceField k="docTabContentType" label={m.docTabContentType} />
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
