export { DefinitionsStatus } from './DefinitionsStatus';
export { ParsedFieldsTable, type ParsedFieldsTableProps } from './ParsedFieldsTable';
export { TypeSelect, typeOptionLabel, typeSelectMessages } from './TypeSelect';
