import { Form, Switch } from 'antd';

/** A labelled on/off setting of the Simulator's forms (named for tests and screen readers by `name`). */
export function SwitchItem(p: { label: string; name: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Form.Item label={p.label}>
      <Switch aria-label={p.name} checked={p.checked} onChange={p.onChange} />
    </Form.Item>
  );
}
