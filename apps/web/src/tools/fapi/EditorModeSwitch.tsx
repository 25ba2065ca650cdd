import { Segmented } from 'antd';
import { fillMessage, useMessages } from '@/lib/i18n';
import type { EditorMode } from './JsonEditor';
import { messages } from './messages';

/** An editor's code / form (or view) switch (spec 000's words), named `<label> mode`. */
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
      aria-label={fillMessage(m.editorMode, { editor: p.label })}
      value={p.value}
      options={[
        { value: 'text', label: m.codeMode },
        { value: 'tree', label: p.treeLabel, disabled: p.treeDisabled },
      ]}
      onChange={(v) => p.onChange(v as EditorMode)}
    />
  );
}
