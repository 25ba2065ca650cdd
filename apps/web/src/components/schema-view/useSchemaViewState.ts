import { useState } from 'react';
import type { SchemaViewControlsProps } from './SchemaViewControls';
import type { SchemaViewProps } from './SchemaView';
import { DEFAULT_LEVEL, type SchemaViewMode } from './viewOptions';

/**
 * A schema view's settings held in React state (the webhook schema dialog; FAPI Doc keeps them in
 * its URL): `controls` for `SchemaViewControls`, `view` for `SchemaView` — view, level, full
 * descriptions and the selected field.
 */
export function useSchemaViewState(initialSelected?: string) {
  const [view, setView] = useState<SchemaViewMode>('tree');
  const [level, setLevel] = useState(DEFAULT_LEVEL);
  const [full, setFull] = useState(false);
  const [selected, setSelected] = useState<string | undefined>(initialSelected);
  const controls: SchemaViewControlsProps = {
    view,
    onView: setView,
    level,
    onLevel: setLevel,
    fullDescription: full,
    onFullDescription: setFull,
  };
  const shown = {
    view,
    level,
    fullDescription: full,
    selected,
    onSelect: setSelected,
  } satisfies Partial<SchemaViewProps>;
  return { controls, view: shown };
}
