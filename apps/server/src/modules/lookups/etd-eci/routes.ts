import { exportSide, importSide } from '@lab/core/regions';
import { badRequest } from '../../../http/errors.js';
import { registerRoute } from '../../../http/routes.js';
import { latestImport } from '../../../imports/registry.js';
import { countryCatalog } from '../regions/countries.js';
import type { ModulePlugin } from '../../../module.js';
import { etdEciDataset } from './dataset.js';
import { etdRules } from './repo.js';

const tags = ['utils'];

/** Search ETD/ECI worldwide: the origin's export rules and the destination's import rules. */
export const etdEciRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'lookups.etdRequirement',
    {
      schema: {
        summary: "ETD/ECI rules from an origin's export side to a destination's import side",
        tags,
      },
    },
    async (req) => {
      const { byAlpha2 } = countryCatalog();
      for (const code of [req.query.from, req.query.to])
        if (!byAlpha2.has(code)) throw badRequest(`unknown country code ${code}`);
      const rules = await etdRules(app.db.kysely, [req.query.from, req.query.to]);
      const end = (code: string, side: 'export' | 'import') => {
        const c = byAlpha2.get(code)!;
        const rule = rules.find((r) => r.alpha_2 === code);
        return {
          alpha_2: code,
          name: c.name,
          name_cn: c.name_cn,
          side: rule ? (side === 'export' ? exportSide(rule) : importSide(rule)) : null,
        };
      };
      return {
        dataset: await latestImport(app.db.kysely, etdEciDataset.name),
        from: end(req.query.from, 'export'),
        to: end(req.query.to, 'import'),
      };
    },
  );

  registerRoute(
    app,
    'lookups.etdList',
    {
      schema: { summary: 'Every imported ETD/ECI rule with country names', tags },
    },
    async () => {
      const { byAlpha2 } = countryCatalog();
      const rules = await etdRules(app.db.kysely);
      return {
        dataset: await latestImport(app.db.kysely, etdEciDataset.name),
        data: rules.map((r) => ({
          ...r,
          name: byAlpha2.get(r.alpha_2)?.name ?? r.alpha_2,
          name_cn: byAlpha2.get(r.alpha_2)?.name_cn ?? '',
        })),
      };
    },
  );
};
