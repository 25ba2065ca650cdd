export {
  DEFAULT_LEVEL,
  LEVELS,
  SchemaView,
  SchemaViewControls,
  visibleFields,
  type SchemaViewMode,
  type SchemaViewProps,
} from './SchemaView';
export { descriptionText, firstSentence, sanitizeDescription } from './description';
