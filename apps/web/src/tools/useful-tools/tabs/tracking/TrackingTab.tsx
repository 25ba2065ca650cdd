import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Input, InputNumber, List, Row, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { DEFAULT_NEIGHBOUR_COUNT, NEIGHBOUR_COUNT_MAX, NEIGHBOUR_COUNT_MIN } from '@lab/core/shipping';
import { useCalculator, warnRequired } from '@/lib/calculators';
import { copyWithNotice } from '@/lib/clipboard';
import { fillMessage, useMessages } from '@/lib/i18n';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';

function NumberColumn({ title, numbers }: { title: string; numbers: string[] }) {
  const m = useMessages(messages);
  return (
    <Card
      title={title}
      size="small"
      extra={
        <Button
          size="small"
          icon={<CopyOutlined />}
          disabled={numbers.length === 0}
          onClick={() => void copyWithNotice(numbers.join('\n'), fillMessage(m.numbersCopied, { n: numbers.length }))}
        >
          {m.copyAll}
        </Button>
      }
    >
      <List
        size="small"
        dataSource={numbers}
        renderItem={(n, i) => (
          <List.Item
            actions={[
              <Button
                key="copy"
                type="text"
                size="small"
                aria-label={`copy ${n}`}
                icon={<CopyOutlined />}
                onClick={() => void copyWithNotice(n, fillMessage(m.copied, { n }))}
              />,
            ]}
          >
            <Typography.Text type="secondary" style={{ width: 32 }}>
              {i + 1}.
            </Typography.Text>
            <Typography.Text code>{n}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The valid express tracking numbers either side of one (serial ± 1…N, check digit recomputed). */
export default function TrackingTab() {
  const m = useMessages(messages);
  const [count, setCount] = useState(DEFAULT_NEIGHBOUR_COUNT);
  const [trackingNumber, setTrackingNumber] = useState('');
  const neighbours = useCalculator(usefulApi.trackingNeighbours, (reply) => reply);
  const result = neighbours.result;

  function search() {
    if (!trackingNumber.trim()) {
      warnRequired(m.required);
      return;
    }
    neighbours.run({ trackingnumber: trackingNumber.trim(), numberofrange: count });
  }

  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <InputNumber
          aria-label="count"
          min={NEIGHBOUR_COUNT_MIN}
          max={NEIGHBOUR_COUNT_MAX}
          precision={0}
          value={count}
          onChange={(v) => setCount(typeof v === 'number' ? v : DEFAULT_NEIGHBOUR_COUNT)}
        />
        <Input
          aria-label="tracking number"
          placeholder={m.placeholder}
          maxLength={12}
          value={trackingNumber}
          onChange={(e) => setTrackingNumber(e.target.value)}
          onPressEnter={search}
          style={{ width: 200 }}
          allowClear
        />
        <Button type="primary" onClick={search} loading={neighbours.isPending}>
          {m.search}
        </Button>
      </Space>
      {result?.message && <Alert type="warning" showIcon title={result.message} />}
      {result && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <NumberColumn title={fillMessage(m.prev, { n: result.data[0].length })} numbers={result.data[0]} />
          </Col>
          <Col xs={24} md={12}>
            <NumberColumn title={fillMessage(m.next, { n: result.data[1].length })} numbers={result.data[1]} />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
