import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_MESSAGES } from '@lab/core/transactions';
import { badRequest, notFound } from '../../http/errors.js';
import { VERSION_PATTERN } from './dataset.js';
import { STARTER_VERSION } from './seed.js';
import { TransactionCatalog } from './service.js';

const tags = ['transactions'];

export const definitionSchema = z.object({
  version: z.string(),
  type: z.string(),
  id: z.number().int(),
  description: z.string(),
  valueType: z.string().nullable(),
  length: z.string().nullable(),
  occurrences: z.string().nullable(),
  details: z.string().nullable(),
  allValues: z.string().nullable().describe('possible values with ~ between them'),
});

const version = z.string().regex(VERSION_PATTERN, 'a version is 1-40 letters, digits, . _ or -');
const type = z.string().trim().min(1, 'type is empty').max(100, 'type is longer than 100 characters');
const fieldId = z
  .union([z.number().int(), z.string().trim()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,4}$/, 'a field id is 1-4 digits'))
  .transform(Number);
const flag = z.enum(['true', 'false'], { error: 'use true or false' }).default('false');
const typeParams = z.object({ version, type });

const searchQuery = z.object({
  version: version.default(STARTER_VERSION),
  type: type.optional(),
  keyword: z.string().min(1, 'keyword is empty').max(100, 'keyword is longer than 100 characters'),
  isId: flag,
  isFullText: flag,
});

const searchReply = z.object({
  definations: z.array(definitionSchema).describe('the matching definitions, best first (spelling is the contract)'),
  msg: z.string(),
  total: z.number().int().describe('matches before the list was limited'),
});

const keywordSchema = z.object({ keyword: z.string(), isId: z.boolean(), created: z.string() });

/** /lab/api/transactions/… — definitions of tagged-transaction fields and the search over them. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = new TransactionCatalog(app.db);

  app.get(
    '/transactions/search',
    {
      schema: {
        summary: 'Search definitions by field id (exact) or by description; full text adds details and values',
        tags,
        querystring: searchQuery,
        response: { 200: searchReply },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await catalog.search(q.version, q.type, {
        keyword: q.keyword,
        isId: q.isId === 'true',
        isFullText: q.isFullText === 'true',
      });
      return { definations: result.definitions, msg: result.msg, total: result.total };
    },
  );

  app.get(
    '/transactions/keywords',
    {
      schema: {
        summary: 'The latest 10 distinct searched keywords, newest first',
        tags,
        response: { 200: z.array(keywordSchema) },
      },
    },
    async () => catalog.recentKeywords(),
  );

  app.get(
    '/transactions/versions',
    {
      schema: {
        summary: 'Versions with loaded definitions',
        tags,
        response: { 200: z.object({ versions: z.array(z.string()) }) },
      },
    },
    async () => ({ versions: (await catalog.index()).versions() }),
  );

  app.get(
    '/transactions/types',
    {
      schema: {
        summary: 'The transaction types of a version (the distinct types of its definitions)',
        tags,
        querystring: z.object({ version: version.default(STARTER_VERSION) }),
        response: { 200: z.object({ version: z.string(), types: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const { version } = request.query;
      return { version, types: (await catalog.index()).types(version) };
    },
  );

  app.get(
    '/transactions/:version/:type/:id',
    {
      schema: {
        summary: 'One field definition',
        tags,
        params: typeParams.extend({ id: fieldId }),
        response: { 200: definitionSchema },
      },
    },
    async (request) => {
      const { version, type, id } = request.params;
      const def = (await catalog.index()).get(version, type, id);
      if (!def) throw notFound(`no definition of field ${id} in ${version} ${type}`);
      return def;
    },
  );

  app.get(
    '/transactions/:version/:type/query/:text',
    {
      schema: {
        summary: 'Definitions whose description contains the text, best first',
        tags,
        params: typeParams.extend({ text: z.string().max(100, 'text is longer than 100 characters') }),
        response: { 200: z.array(definitionSchema) },
      },
    },
    async (request) => {
      const { version, type, text } = request.params;
      if (text.trim().length < 2) throw badRequest(SEARCH_MESSAGES.tooShort);
      return (await catalog.index()).match(version, type, text, false);
    },
  );

  app.post(
    '/transactions/:version/:type/ids',
    {
      schema: {
        summary: 'The definitions of the given field ids that exist, in id order',
        tags,
        params: typeParams,
        body: z.object({ ids: z.array(fieldId).max(10_000, 'at most 10000 ids') }),
        response: { 200: z.array(definitionSchema) },
      },
    },
    async (request) => {
      const { version, type } = request.params;
      return (await catalog.index()).getMany(version, type, request.body.ids);
    },
  );
};
