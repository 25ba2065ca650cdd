import { registerRoute } from '../../../http/routes.js';
import { latestImport } from '../../../imports/registry.js';
import type { ModulePlugin } from '../../../module.js';

/** Whether a lookup's dataset was imported, and which release when (the screens' "not loaded" line). */
export const datasetStatusRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'lookups.datasetStatus',
    {
      schema: {
        summary: "A lookup dataset's newest import (label and date), null when it was never imported",
        tags: ['utils'],
      },
    },
    async (req) => ({ name: req.params.name, dataset: await latestImport(app.db.kysely, req.params.name) }),
  );
};
