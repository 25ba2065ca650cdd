import { z } from 'zod';
import { DEFAULT_DEFINITIONS_VERSION, VERSION_PATTERN } from '../transactions/definitions.js';
import { datasetInfo } from './common.js';

/** What the carrier's software says about one field of one transaction type. */
export const transactionDefinition = z.object({
  version: z.string(),
  type: z.string(),
  id: z.number().int(),
  description: z.string(),
  valueType: z.string().nullable(),
  /** Maximum value length as recorded (usually digits; kept as text because exports vary). */
  length: z.string().nullable(),
  occurrences: z.string().nullable(),
  details: z.string().nullable(),
  /** The possible values, stored with `~` between them. */
  allValues: z.string().nullable().describe('possible values with ~ between them'),
});
export type TransactionDefinition = z.output<typeof transactionDefinition>;

export const definitionsVersion = z.string().regex(VERSION_PATTERN, 'a version is 1-40 letters, digits, . _ or -');
const transactionType = z.string().trim().min(1, 'type is empty').max(100, 'type is longer than 100 characters');
/** A field id in a path or a body: 1-4 digits, as a number or text. */
export const fieldId = z
  .union([z.number().int(), z.string().trim()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,4}$/, 'a field id is 1-4 digits'))
  .transform(Number);
const flag = z.enum(['true', 'false'], { error: 'use true or false' }).default('false');

export const definitionTypeParams = z.object({ version: definitionsVersion, type: transactionType });
/** GET /transactions/{version}/{type}/{id} */
export const definitionFieldParams = definitionTypeParams.extend({ id: fieldId });
/** GET /transactions/{version}/{type}/query/{text} */
export const definitionMatchParams = definitionTypeParams.extend({
  text: z.string().max(100, 'text is longer than 100 characters'),
});

/** GET /transactions/search */
export const transactionSearchQuery = z.object({
  version: definitionsVersion.default(DEFAULT_DEFINITIONS_VERSION),
  type: transactionType.optional(),
  keyword: z.string().min(1, 'keyword is empty').max(100, 'keyword is longer than 100 characters'),
  isId: flag,
  isFullText: flag,
});
export type TransactionSearchQuery = z.input<typeof transactionSearchQuery>;

export const transactionSearchReply = z.object({
  definations: z
    .array(transactionDefinition)
    .describe('the matching definitions, best first (spelling is the contract)'),
  msg: z.string(),
  total: z.number().int().describe('matches before the list was limited'),
  refused: z.boolean().describe('true when the search was refused (msg says why): it did not run and was not recorded'),
});
export type TransactionSearchReply = z.output<typeof transactionSearchReply>;

/** GET /transactions/keywords: one of the latest searched keywords. */
export const recentKeyword = z.object({ keyword: z.string(), isId: z.boolean(), created: z.string() });
export type RecentKeyword = z.output<typeof recentKeyword>;
export const recentKeywordsReply = z.array(recentKeyword);
export type RecentKeywordsReply = z.output<typeof recentKeywordsReply>;

export const transactionVersionsReply = z.object({ versions: z.array(z.string()) });
export type TransactionVersionsReply = z.output<typeof transactionVersionsReply>;

export const transactionTypesQuery = z.object({ version: definitionsVersion.default(DEFAULT_DEFINITIONS_VERSION) });
export type TransactionTypesQuery = z.input<typeof transactionTypesQuery>;
/** One entry of the type list: every known type (with 0 definitions if none are loaded), then imported types. */
export const transactionTypeEntry = z.object({
  type: z.string(),
  number: z.string().nullable().describe('the transaction code (020), when the type has one'),
  name: z.string(),
  known: z.boolean().describe('false for a type only met in imported definitions'),
  definitions: z.number().int().describe('definitions of this type loaded for the version'),
});
export type TransactionTypeEntryReply = z.output<typeof transactionTypeEntry>;
export const transactionTypesReply = z.object({
  version: z.string(),
  types: z.array(transactionTypeEntry),
  /** The newest import of the definitions (any version), null when none ran. */
  dataset: datasetInfo,
  detailed: z
    .boolean()
    .describe('false when the version has field names only (no lengths, value types, details or values)'),
  defined: z
    .number()
    .int()
    .describe('definitions of the version with a length (the too-long check needs it), of all its definitions'),
});
export type TransactionTypesReply = z.output<typeof transactionTypesReply>;

/** POST /transactions/{version}/{type}/ids */
export const definitionIdsBody = z.object({ ids: z.array(fieldId).max(10_000, 'at most 10000 ids') });
export type DefinitionIdsBody = z.input<typeof definitionIdsBody>;
/** The definitions of the ids that exist, in id order. */
export const definitionsReply = z.array(transactionDefinition);
export type DefinitionsReply = z.output<typeof definitionsReply>;
