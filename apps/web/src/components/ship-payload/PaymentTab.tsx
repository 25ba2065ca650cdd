import { Col, Row } from 'antd';
import { ChoiceField, TextField, useGenerator } from './context';

export function PaymentTab() {
  const { a, m } = useGenerator();
  return (
    <Row gutter={12}>
      <Col span={12}>
        <ChoiceField k="shippingPaymentType" list="paymentType" label={m.shippingPayor} />
        <TextField k="shippingAccount" label={m.payorAccount} disabled={!a.shippingAccount} />
      </Col>
      <Col span={12}>
        <ChoiceField k="dutiesPaymentType" label={m.dutiesPayor} />
        <TextField k="dutiesAccount" label={m.dutiesAccount} disabled={!a.dutiesAccount} />
      </Col>
    </Row>
  );
}
