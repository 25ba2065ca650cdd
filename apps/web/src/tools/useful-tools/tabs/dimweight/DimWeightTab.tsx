import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Input, List, Space, Typography } from 'antd';
import {
  DIM_DIVISOR_CM3_PER_KG,
  DIM_WEIGHT_REQUIRED_MESSAGE,
  FREIGHT_LENGTH_LIMIT_CM,
  FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM,
  FREIGHT_WEIGHT_LIMIT_KG,
  dimWeightFromInput,
} from '@lab/core/shipping';
import { fillMessage, useMessages } from '@/lib/i18n';
import { useCalculator, warnRequired } from '@/lib/calculators';
import { usefulApi } from '@/tools/useful-tools/usefulApi';
import { messages } from './messages';

type Field = 'length' | 'width' | 'height' | 'actualweight';
const FIELDS: {
  name: Field;
  label: 'Length' | 'Width' | 'Height' | 'Gross weight';
  unit: string;
  maxLength: number;
}[] = [
  { name: 'length', label: 'Length', unit: 'cm', maxLength: 3 },
  { name: 'width', label: 'Width', unit: 'cm', maxLength: 3 },
  { name: 'height', label: 'Height', unit: 'cm', maxLength: 3 },
  { name: 'actualweight', label: 'Gross weight', unit: 'kg', maxLength: 5 },
];
const EMPTY: Record<Field, string> = { length: '', width: '', height: '', actualweight: '' };

/**
 * What the rules accept, applied as the person types or pastes: digits and at most one decimal
 * point (anything else is dropped, a second point too), cut to the field's maximum length.
 */
export function acceptDecimalInput(text: string, maxLength: number): string {
  let seenPoint = false;
  let out = '';
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out.slice(0, maxLength);
}

/** Dimensional weight and whether a piece needs freight service (international express). */
export default function DimWeightTab() {
  const m = useMessages(messages);
  const [values, setValues] = useState(EMPTY);
  const dimWeight = useCalculator(usefulApi.dimWeight, (reply) => reply.message);
  const result = dimWeight.result;

  function search() {
    if (FIELDS.some((f) => values[f.name].trim() === '')) {
      warnRequired(DIM_WEIGHT_REQUIRED_MESSAGE);
      return;
    }
    // The same rule as the server's, before any request (a lone "." or a 0 is refused here).
    const checked = dimWeightFromInput(values);
    if (!checked.ok) {
      warnRequired(checked.message);
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
        {fillMessage(m.rule, {
          divisor: DIM_DIVISOR_CM3_PER_KG,
          kg: FREIGHT_WEIGHT_LIMIT_KG,
          length: FREIGHT_LENGTH_LIMIT_CM,
          girth: FREIGHT_LENGTH_PLUS_GIRTH_LIMIT_CM,
        })}
      </Typography.Paragraph>
      <Space wrap>
        {FIELDS.map((f) => (
          <Input
            key={f.name}
            aria-label={f.label}
            placeholder={m[f.label]}
            suffix={f.unit}
            inputMode="decimal"
            // No native maxLength: a paste is cleaned first, then cut to f.maxLength (acceptDecimalInput).
            value={values[f.name]}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: acceptDecimalInput(e.target.value, f.maxLength) }))}
            onPressEnter={search}
            style={{ width: 150 }}
          />
        ))}
        <Button type="primary" onClick={search} loading={dimWeight.isPending}>
          {m.search}
        </Button>
        <Button onClick={clear}>{m.clear}</Button>
      </Space>
      {result && (
        <Card title={result.isFreight ? m.freight : m.noFreight} style={{ maxWidth: 560 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={m.actual}>{result.roundedactwgt} kg</Descriptions.Item>
            <Descriptions.Item label={m.dim}>{result.roundeddimwgt} kg</Descriptions.Item>
            <Descriptions.Item label={m.girth}>{result.girth} cm</Descriptions.Item>
          </Descriptions>
          {result.comments.length > 0 && (
            <List
              size="small"
              header={<Typography.Text strong>{m.reasons}</Typography.Text>}
              dataSource={result.comments}
              renderItem={(reason) => <List.Item>{reason}</List.Item>}
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
