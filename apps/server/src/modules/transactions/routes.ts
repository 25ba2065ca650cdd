import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  definitionIdsBody,
  definitionTypeParams,
  fieldId,
  definitionsReply,
  recentKeywordsReply,
  transactionDefinition,
  transactionSearchQuery,
  transactionSearchReply,
  transactionTypesQuery,
  transactionTypesReply,
  transactionVersionsReply,
} from '@lab/core/contract';
import { SEARCH_MESSAGES, transactionTypeList } from '@lab/core/transactions';
import { badRequest, notFound } from '../../http/errors.js';
import { latestImport } from '../../imports/registry.js';
import { DATASET_NAME } from './repo.js';
import { TransactionCatalog } from './service.js';

const tags = ['transactions'];

/** /lab/api/transactions/… — definitions of tagged-transaction fields and the search over them. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = new TransactionCatalog(app.db);

  app.get(
    '/transactions/search',
    {
      schema: {
        summary: 'Search definitions by field id (exact) or by description; full text adds details and values',
        tags,
        querystring: transactionSearchQuery,
        response: { 200: transactionSearchReply },
      },
    },
    async (request) => {
      const q = request.query;
      const result = await catalog.search(q.version, q.type, {
        keyword: q.keyword,
        isId: q.isId === 'true',
        isFullText: q.isFullText === 'true',
      });
      return { definations: result.definitions, msg: result.msg, total: result.total, refused: result.refused };
    },
  );

  app.get(
    '/transactions/keywords',
    {
      schema: {
        summary: 'The latest 10 distinct searched keywords, newest first',
        tags,
        response: { 200: recentKeywordsReply },
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
        response: { 200: transactionVersionsReply },
      },
    },
    async () => ({ versions: (await catalog.index()).versions() }),
  );

  app.get(
    '/transactions/types',
    {
      schema: {
        summary:
          'Every known transaction type with its number, name and loaded definitions, then the types only met in imported definitions',
        tags,
        querystring: transactionTypesQuery,
        response: { 200: transactionTypesReply },
      },
    },
    async (request) => {
      const { version } = request.query;
      const index = await catalog.index();
      return {
        version,
        types: transactionTypeList(index.typeCounts(version)),
        dataset: await latestImport(app.db.kysely, DATASET_NAME),
        detailed: index.hasDetails(version),
      };
    },
  );

  app.get(
    '/transactions/:version/:type/:id',
    {
      schema: {
        summary: 'One field definition',
        tags,
        params: definitionTypeParams.extend({ id: fieldId }),
        response: { 200: transactionDefinition },
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
        params: definitionTypeParams.extend({ text: z.string().max(100, 'text is longer than 100 characters') }),
        response: { 200: definitionsReply },
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
        params: definitionTypeParams,
        body: definitionIdsBody,
        response: { 200: definitionsReply },
      },
    },
    async (request) => {
      const { version, type } = request.params;
      return (await catalog.index()).getMany(version, type, request.body.ids);
    },
  );
};
