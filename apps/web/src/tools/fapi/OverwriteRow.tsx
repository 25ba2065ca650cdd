import { Flex, Input, Select, Typography } from 'antd';
import { useMessages } from '@/lib/i18n';
import { labelSpecOptions, LABEL_RESPONSE_OPTIONS } from './overwrite';
import type { RequestTab } from './tabs';
import { messages } from './messages';

/** Create Shipment's overwrite row: account number, label response options, label specification. */
export function OverwriteRow({
  overwrite,
  onChange,
  stockTypes,
}: {
  overwrite: RequestTab['overwrite'];
  onChange: (patch: Partial<RequestTab>) => void;
  stockTypes: readonly string[];
}) {
  const m = useMessages(messages);
  return (
    <Flex gap={8} wrap align="center" data-testid="overwrite-row">
      <Typography.Text strong>{m.overwrite}</Typography.Text>
      <Input
        aria-label={m.accountNumber}
        placeholder={m.accountNumber}
        maxLength={9}
        value={overwrite.accountNumber}
        onChange={(e) => onChange({ overwrite: { ...overwrite, accountNumber: e.target.value.slice(0, 9) } })}
        style={{ width: 150 }}
      />
      <Select
        aria-label={m.labelResponseOptions}
        placeholder={m.labelResponseOptions}
        allowClear
        value={overwrite.labelResponseOptions || undefined}
        options={LABEL_RESPONSE_OPTIONS.map((o) => ({ value: o, label: o }))}
        onChange={(v?: 'URL_ONLY' | 'LABEL') =>
          onChange({ overwrite: { ...overwrite, labelResponseOptions: v ?? '' } })
        }
        style={{ width: 190 }}
      />
      <Select
        aria-label={m.labelSpecification}
        placeholder={m.labelSpecification}
        allowClear
        showSearch
        value={overwrite.labelSpecification || undefined}
        options={labelSpecOptions(stockTypes).map((o) => ({ value: o, label: o }))}
        onChange={(v?: string) => onChange({ overwrite: { ...overwrite, labelSpecification: v ?? '' } })}
        style={{ width: 320 }}
      />
    </Flex>
  );
}
