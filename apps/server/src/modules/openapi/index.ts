import { defineModule } from '../../module.js';
import { registerDocsCommands } from './cli.js';
import { carrierOpenApiDataset } from './dataset.js';
import * as m0010 from './migrations/0010_openapi_documents.js';
import * as m0210 from './migrations/0210_openapi_releases.js';
import { openApiRoutes } from './routes.js';
import { createOpenApiService, type OpenApiService } from './service.js';
import { openApiConfig } from './settings.js';
import { carrierDocResources, carrierDocsSchema, carrierDocsSearch } from './tools.js';

declare module '../../module.js' {
  interface LabServices {
    /** The app's one OpenAPI store and the operation tools (checker, samples) built on it. */
    openApi: OpenApiService;
  }
}

/** The carrier's OpenAPI documents: `lab import carrier-openapi`, the store, its routes and operation index. */
export const openApiModule = defineModule({
  name: 'openapi',
  api: openApiRoutes,
  migrations: { '0010_openapi_documents': m0010, '0210_openapi_releases': m0210 },
  datasets: [carrierOpenApiDataset],
  commands: [registerDocsCommands],
  config: openApiConfig,
  provides: { openApi: createOpenApiService },
  tools: [carrierDocsSearch, carrierDocsSchema],
  resources: carrierDocResources,
});
