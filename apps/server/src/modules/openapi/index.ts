import { defineModule } from '../../module.js';
import { carrierOpenApiDataset } from './dataset.js';
import * as m0010 from './migrations/0010_openapi_documents.js';
import { openApiRoutes } from './routes.js';
import { openApiConfig } from './settings.js';

export { findOperationByPath, openApiStoreFor, OpenApiStore, type LoadedDocument } from './store.js';
export { DocumentValidators } from './validators.js';
export { resolvePointer } from './document.js';

/** The carrier's OpenAPI documents: `lab import carrier-openapi`, the store, its routes and operation index. */
export const openApiModule = defineModule({
  name: 'openapi',
  api: openApiRoutes,
  migrations: { '0010_openapi_documents': m0010 },
  datasets: [carrierOpenApiDataset],
  config: openApiConfig,
});
