import { useState, type ReactNode } from 'react';
import { Checkbox, Tabs } from 'antd';
import { inColumn, useGenerator, type BoolKey } from './context';

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

export function Check({ k, label, disabled, span }: { k: BoolKey; label: string; disabled?: boolean; span?: number }) {
  const { s, set } = useGenerator();
  return inColumn(
    span,
    <Checkbox
      id={`spg-${k}`}
      checked={s[k]}
      disabled={disabled}
      onChange={(e) => set({ [k]: e.target.checked })}
      style={{ marginBottom: 10 }}
    >
      {label}
    </Checkbox>,
  );
}
