import { Col, Row, Typography } from 'antd';
import { useGenerator } from './context';
import { PartyForm } from './PartyForm';

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
