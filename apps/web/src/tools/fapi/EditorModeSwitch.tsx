import { Segmented } from 'antd';
import { useMessages } from '@/lib/i18n';
import type { EditorMode } from './JsonEditor';
import { messages } from './messages';

/** An editor's Text / Tree (or View) switch, named `<label> mode`. */
export function EditorModeSwitch(p: {
  label: string;
  treeLabel: string;
  treeDisabled?: boolean;
  value: EditorMode;
  onChange: (mode: EditorMode) => void;
}) {
  const m = useMessages(messages);
  return (
    <Segmented
      size="small"
      aria-label={`${p.label} mode`}
      value={p.value}
      options={[
        { value: 'text', label: m.textMode },
        { value: 'tree', label: p.treeLabel, disabled: p.treeDisabled },
      ]}
      onChange={(v) => p.onChange(v as EditorMode)}
    />
  );
}
