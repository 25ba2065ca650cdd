import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Input, List, Space, Typography } from 'antd';
import {
  DIM_DIVISOR_CM3_PER_KG,
  DIM_WEIGHT_REQUIRED_MESSAGE,
  FREIGHT_LENGTH_LIMIT_CM,
  FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM,
  FREIGHT_WEIGHT_LIMIT_KG,
} from '@lab/core/shipping';
import { useCalculator, warnRequired } from '@/lib/calculators';
import { usefulApi } from '@/tools/useful-tools/usefulApi';

type Field = 'length' | 'width' | 'height' | 'actualweight';
const FIELDS: { name: Field; label: string; unit: string; maxLength: number }[] = [
  { name: 'length', label: 'Length', unit: 'cm', maxLength: 3 },
  { name: 'width', label: 'Width', unit: 'cm', maxLength: 3 },
  { name: 'height', label: 'Height', unit: 'cm', maxLength: 3 },
  { name: 'actualweight', label: 'Gross weight', unit: 'kg', maxLength: 5 },
];
const EMPTY: Record<Field, string> = { length: '', width: '', height: '', actualweight: '' };

/** Dimensional weight and whether a piece needs freight service (international express). */
export default function DimWeightTab() {
  const [values, setValues] = useState(EMPTY);
  const dimWeight = useCalculator(usefulApi.dimWeight, (reply) => reply.message);
  const result = dimWeight.result;

  function search() {
    if (FIELDS.some((f) => values[f.name].trim() === '')) {
      warnRequired(DIM_WEIGHT_REQUIRED_MESSAGE);
      return;
    }
    dimWeight.run(values);
  }

  function clear() {
    setValues(EMPTY);
    dimWeight.clear();
  }

  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Dimensional weight = L × W × H / {DIM_DIVISOR_CM3_PER_KG} (cm → kg), weights rounded up to the next 0.5 kg.
        Freight service is required over {FREIGHT_WEIGHT_LIMIT_KG} kg, {FREIGHT_LENGTH_LIMIT_CM} cm length or{' '}
        {FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM} cm length + girth.
      </Typography.Paragraph>
      <Space wrap>
        {FIELDS.map((f) => (
          <Input
            key={f.name}
            aria-label={f.label}
            placeholder={f.label}
            suffix={f.unit}
            inputMode="decimal"
            maxLength={f.maxLength}
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            onPressEnter={search}
            style={{ width: 150 }}
          />
        ))}
        <Button type="primary" onClick={search} loading={dimWeight.isPending}>
          Search
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Space>
      {result && (
        <Card
          title={result.isFreight ? 'Freight service required' : 'No Freight service required'}
          style={{ maxWidth: 560 }}
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Actual weight">{result.roundedactwgt} kg</Descriptions.Item>
            <Descriptions.Item label="Dimensional weight">{result.roundeddimwgt} kg</Descriptions.Item>
            <Descriptions.Item label="Girth">{result.girth} cm</Descriptions.Item>
          </Descriptions>
          {result.comments.length > 0 && (
            <List
              size="small"
              header={<Typography.Text strong>Reason of Freight Service</Typography.Text>}
              dataSource={result.comments}
              renderItem={(reason) => <List.Item>{reason}</List.Item>}
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
