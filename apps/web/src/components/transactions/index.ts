export { DefinitionsStatus, importDefinitionsCommand } from './DefinitionsStatus';
export { ParsedFieldsTable, type ParsedFieldsTableProps } from './ParsedFieldsTable';
export { TypeSelect, typeOptionLabel, typeSelectMessages } from './TypeSelect';
