import { SEARCH_MESSAGES, transactionTypeList } from '@lab/core/transactions';
import { badRequest, notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import { latestImport } from '../../imports/registry.js';
import type { ModulePlugin } from '../../module.js';
import { DATASET_NAME } from './repo.js';
import { TransactionCatalog } from './service.js';

const tags = ['transactions'];

/** /lab/api/transactions/… — definitions of tagged-transaction fields and the search over them. */
export const transactionRoutes: ModulePlugin = async (app) => {
  const catalog = new TransactionCatalog(app.db);

  registerRoute(
    app,
    'transactions.search',
    {
      schema: {
        summary: 'Search definitions by field id (exact) or by description; full text adds details and values',
        tags,
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

  registerRoute(
    app,
    'transactions.keywords',
    { schema: { summary: 'The latest 10 distinct searched keywords, newest first', tags } },
    async () => catalog.recentKeywords(),
  );

  registerRoute(
    app,
    'transactions.versions',
    { schema: { summary: 'Versions with loaded definitions', tags } },
    async () => ({ versions: (await catalog.index()).versions() }),
  );

  registerRoute(
    app,
    'transactions.types',
    {
      schema: {
        summary:
          'Every known transaction type with its number, name and loaded definitions, then the types only met in imported definitions',
        tags,
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
        defined: index.definedCount(version),
      };
    },
  );

  registerRoute(
    app,
    'transactions.definition',
    { schema: { summary: 'One field definition', tags } },
    async (request) => {
      const { version, type, id } = request.params;
      const def = (await catalog.index()).get(version, type, id);
      if (!def) throw notFound(`no definition of field ${id} in ${version} ${type}`);
      return def;
    },
  );

  registerRoute(
    app,
    'transactions.match',
    { schema: { summary: 'Definitions whose description contains the text, best first', tags } },
    async (request) => {
      const { version, type, text } = request.params;
      if (text.trim().length < 2) throw badRequest(SEARCH_MESSAGES.tooShort);
      return (await catalog.index()).match(version, type, text, false);
    },
  );

  registerRoute(
    app,
    'transactions.byIds',
    { schema: { summary: 'The definitions of the given field ids that exist, in id order', tags } },
    async (request) => {
      const { version, type } = request.params;
      return (await catalog.index()).getMany(version, type, request.body.ids);
    },
  );
};
