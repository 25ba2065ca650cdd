export { SchemaView, type SchemaViewProps } from './SchemaView';
export { SchemaViewControls, type SchemaViewControlsProps } from './SchemaViewControls';
export { DEFAULT_LEVEL, LEVELS, type SchemaViewMode } from './viewOptions';
export { visibleFields } from './useOpenFields';
export { useSchemaViewState } from './useSchemaViewState';
export { descriptionText, firstSentence, prepareDescriptions, sanitizeDescription } from './description';
