import { Col, Input, Row } from 'antd';
import { DecimalField, Field, TextField, useGenerator } from './context';
import { Check } from './controls';

export function GeneralTab() {
  const { s, set, m } = useGenerator();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Field label={m.shipDate} id="spg-shipDate" field="shipDate">
          <Input id="spg-shipDate" type="date" value={s.shipDate} onChange={(e) => set({ shipDate: e.target.value })} />
        </Field>
      </Col>
      <TextField span={12} k="accountNumber" label={m.accountNumber} />
      <Col span={12}>
        <Check k="totalDeclaredValueEnabled" label={m.totalDeclaredValue} />
        <DecimalField k="totalDeclaredValue" label={m.amountUsd} disabled={!s.totalDeclaredValueEnabled} />
      </Col>
    </Row>
  );
}
