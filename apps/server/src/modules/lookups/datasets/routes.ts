import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datasetStatusParams, datasetStatusReply } from '@lab/core/contract';
import { latestImport } from '../../../imports/registry.js';

/** Whether a lookup's dataset was imported, and which release when (the screens' "not loaded" line). */
export const datasetStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/utils/v1/datasets/:name',
    {
      schema: {
        summary: "A lookup dataset's newest import (label and date), null when it was never imported",
        tags: ['utils'],
        params: datasetStatusParams,
        response: { 200: datasetStatusReply },
      },
    },
    async (req) => ({ name: req.params.name, dataset: await latestImport(app.db.kysely, req.params.name) }),
  );
};
