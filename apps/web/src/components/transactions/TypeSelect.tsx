import { Select } from 'antd';
import type { TransactionTypeEntryReply } from '@lab/core/contract';
import { defineMessages, useMessages } from '@/lib/i18n';

export const typeSelectMessages = defineMessages({
  en: {
    known: 'Carrier transaction types',
    imported: 'Imported types',
    definitions: 'definitions',
  },
  zh: {
    known: '承运商交易类型',
    imported: '导入的类型',
    definitions: '条定义',
  },
});

interface Props {
  types: TransactionTypeEntryReply[] | undefined;
  loading?: boolean;
  value: string | undefined;
  onChange: (type: string) => void;
  disabled?: boolean;
}

/** The option's text: `020-global-shipping-transaction-request (436 definitions)`, `return-shipment (0 …)`. */
export const typeOptionLabel = (t: TransactionTypeEntryReply, definitions: string) =>
  `${t.type} (${t.definitions} ${definitions})`;

/**
 * The filterable transaction-type dropdown of Search and Parse: every known type (with its count
 * of loaded definitions, 0 included), then the imported types beside them. Typing filters on the
 * type key, its number and its name.
 */
export function TypeSelect({ types, loading, value, onChange, disabled }: Props) {
  const m = useMessages(typeSelectMessages);
  const option = (t: TransactionTypeEntryReply) => ({
    value: t.type,
    label: typeOptionLabel(t, m.definitions),
    search: `${t.type} ${t.number ?? ''} ${t.name}`.toLowerCase(),
  });
  const list = types ?? [];
  const known = list.filter((t) => t.known).map(option);
  const imported = list.filter((t) => !t.known).map(option);
  return (
    <Select
      aria-label="transaction type"
      showSearch={{
        filterOption: (input, opt) =>
          String((opt as { search?: string } | undefined)?.search ?? '').includes(input.trim().toLowerCase()),
      }}
      style={{ minWidth: 420 }}
      loading={loading}
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={[
        { label: m.known, title: m.known, options: known },
        ...(imported.length > 0 ? [{ label: m.imported, title: m.imported, options: imported }] : []),
      ]}
    />
  );
}
