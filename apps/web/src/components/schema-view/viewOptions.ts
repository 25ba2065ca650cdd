/** How a schema view can be shown: tree or table, and how many levels open at once. */
export type SchemaViewMode = 'tree' | 'table';
export const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const DEFAULT_LEVEL = 2;
