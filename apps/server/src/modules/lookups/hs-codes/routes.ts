import { checkHsKeyword, HS_MESSAGES, HS_PAGE_SIZE } from '@lab/core/regions';
import { badRequest } from '../../../http/errors.js';
import { registerRoute } from '../../../http/routes.js';
import { latestImport } from '../../../imports/registry.js';
import type { ModulePlugin } from '../../../module.js';
import { hsCnDataset } from './dataset.js';
import { searchHsCodes } from './repo.js';

/** 海关编码查询: China customs HS codes containing the digits typed. */
export const hsCodesRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'lookups.hsSearch',
    {
      schema: {
        summary: 'China customs HS codes containing the digits, by code, 50 a page',
        tags: ['utils'],
      },
    },
    async (req) => {
      const check = checkHsKeyword(req.body.keyword);
      if (!check.ok) throw badRequest(check.message);
      const dataset = await latestImport(app.db.kysely, hsCnDataset.name);
      const { total, rows } = await searchHsCodes(app.db.kysely, check.digits, req.body.page, HS_PAGE_SIZE);
      const base = { total, page: req.body.page, pageSize: HS_PAGE_SIZE, dataset, data: rows };
      if (!dataset) return { ...base, tag: 'error' as const, msg: HS_MESSAGES.notImported };
      return total
        ? { ...base, tag: 'success' as const, msg: HS_MESSAGES.found(total) }
        : { ...base, tag: 'error' as const, msg: HS_MESSAGES.none };
    },
  );
};
