import { Checkbox, Segmented } from 'antd';
import { useMessages } from '@/lib/i18n';
import { messages } from './messages';
import { LEVELS, type SchemaViewMode } from './viewOptions';

export interface SchemaViewControlsProps {
  view: SchemaViewMode;
  onView: (view: SchemaViewMode) => void;
  level: number;
  onLevel: (level: number) => void;
  fullDescription: boolean;
  onFullDescription: (full: boolean) => void;
  /** Shown from the start, disabled until there is something to show. */
  disabled?: boolean;
  /** False when the caller switches tree/table itself (the webhook dialog's tabs). */
  showView?: boolean;
}

/** View (tree/table), expand level 1–10 and the full-description switch. */
export function SchemaViewControls({
  view,
  onView,
  level,
  onLevel,
  fullDescription,
  onFullDescription,
  disabled = false,
  showView = true,
}: SchemaViewControlsProps) {
  const m = useMessages(messages);
  return (
    <div className="sv-controls">
      {showView && (
        <Segmented<SchemaViewMode>
          aria-label="view"
          disabled={disabled}
          value={view}
          onChange={onView}
          options={[
            { value: 'tree', label: m.tree },
            { value: 'table', label: m.table },
          ]}
        />
      )}
      <span className="sv-control-label">{m.expandLevel}</span>
      <Segmented<number>
        aria-label={m.expandLevel}
        size="small"
        disabled={disabled}
        value={level}
        onChange={onLevel}
        options={LEVELS.map((l) => ({ value: l, label: String(l) }))}
      />
      <Checkbox disabled={disabled} checked={fullDescription} onChange={(e) => onFullDescription(e.target.checked)}>
        {m.fullDescription}
      </Checkbox>
    </div>
  );
}
