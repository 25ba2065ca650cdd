/**
 * Tagged transactions for a coding agent (MCP): parse one (format checked, each field named and
 * checked against the definitions, as `lab transaction parse` and the Parse screen do) and search
 * the definitions (the search route, recorded like any search).
 */
import { z } from 'zod';
import { definitionsVersion, transactionSearchReply } from '@lab/core/contract';
import {
  checkFields,
  DEFAULT_DEFINITIONS_VERSION,
  DEFAULT_TRANSACTION_TYPE,
  fieldNumbers,
  parseTransaction,
} from '@lab/core/transactions';
import { defineTool, requestJson, ToolError, type ToolContext } from '../../mcp/tool.js';
import { definitionsByIds } from './repo.js';

const checkedField = z.object({
  id: z.string(),
  suffix: z.string().nullable(),
  name: z.string(),
  value: z.string(),
  length: z.number().int(),
  maxLength: z.number().int().nullable(),
  status: z.enum(['ok', 'no-definition', 'too-long']),
});

/** Where the format breaks: 0-based offset in the text as given, and why. */
const formatProblem = z.object({ position: z.number().int(), reason: z.string() });

export const transactionParse = defineTool({
  name: 'transaction_parse',
  description:
    'Parse a tagged shipping transaction (0,"020"…99,""): check its format and name each field from the definitions of its type, with its length checked.',
  input: z.object({
    transaction: z.string().min(1).describe('the transaction text'),
    type: z.string().trim().min(1).max(100).default(DEFAULT_TRANSACTION_TYPE),
    version: definitionsVersion.default(DEFAULT_DEFINITIONS_VERSION),
    strict: z.boolean().default(false).describe('no whitespace allowed between entries'),
  }),
  output: z.object({
    format: z.enum(['correct', 'incorrect']),
    error: formatProblem.optional(),
    fields: z.array(checkedField),
  }),
  run: async ({ transaction, type, version, strict }, ctx: ToolContext) => {
    const limit = ctx.config.jsonBodyLimitBytes;
    if (Buffer.byteLength(transaction) > limit) {
      throw new ToolError(`the transaction is larger than the limit of ${limit} bytes`);
    }
    const parsed = parseTransaction(transaction, { strict });
    if (!parsed.ok) return { structured: { format: 'incorrect', error: { ...parsed.error }, fields: [] } };
    const defs = await definitionsByIds(ctx.db.kysely, version, type, fieldNumbers(parsed.fields));
    const fields = checkFields(parsed.fields, new Map(defs.map((d) => [d.id, d])));
    return { structured: { format: 'correct', fields } };
  },
});

export const transactionSearch = defineTool({
  name: 'transaction_search',
  description:
    'Search the tagged-transaction field definitions by words (or by field number with isId), as the Search Transactions screen does.',
  input: z.object({
    keyword: z.string().min(1).max(100),
    version: definitionsVersion.default(DEFAULT_DEFINITIONS_VERSION),
    type: z.string().trim().min(1).max(100).optional(),
    isId: z.boolean().default(false),
    isFullText: z.boolean().default(false),
  }),
  output: transactionSearchReply,
  run: async ({ keyword, version, type, isId, isFullText }, ctx: ToolContext) => {
    const query = new URLSearchParams({ keyword, version, isId: String(isId), isFullText: String(isFullText) });
    if (type !== undefined) query.set('type', type);
    return {
      structured: await requestJson<Record<string, unknown>>(ctx, {
        method: 'GET',
        url: `/lab/api/transactions/search?${query}`,
      }),
    };
  },
});
