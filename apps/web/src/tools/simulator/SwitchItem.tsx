import { Form, Switch } from 'antd';

type BooleanKey<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T];

/**
 * A labelled on/off setting of the Simulator's forms: the boolean `field` of the form's state `of`,
 * changed through `set` (named for tests and screen readers by `name`).
 */
export function SwitchItem<T>(p: {
  label: string;
  name: string;
  of: T;
  field: BooleanKey<T>;
  set: (change: Partial<T>) => void;
}) {
  return (
    <Form.Item label={p.label}>
      <Switch
        aria-label={p.name}
        checked={p.of[p.field] as boolean}
        onChange={(on) => p.set({ [p.field]: on } as Partial<T>)}
      />
    </Form.Item>
  );
}
