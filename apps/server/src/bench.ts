/**
 * What the benchmarks (bench/) use of the server, as one package export (`@lab/server/bench`,
 * source only: the benchmarks run with tsx and the @lab/source condition) instead of paths into
 * src/. Not part of the build.
 */
import { simulatorsOf } from './module.js';
import { labModules } from './modules/index.js';

export { buildApp, servicesOf } from './app.js';
export { loadConfig } from './config.js';
export { runImport } from './imports/registry.js';
export { loadEngine, runJob } from './modules/labels/engine.js';
export { loadCityTable } from './modules/lookups/cities/cityData.js';
export { transactionsDataset } from './modules/transactions/dataset.js';
export { TransactionCatalog } from './modules/transactions/service.js';
export { openSse, type SseReader } from './test/sseReader.js';
export { stratusSample } from './test/stratusSample.js';
export { labModules };
export { carrierOpenApiDataset } from './modules/openapi/dataset.js';
export { indexOperations } from './modules/openapi/document.js';
export { DocumentValidators } from './modules/openapi/validators.js';
export { OperationChecker } from './modules/openapi/check.js';
export { RenderPool } from './modules/labels/pool.js';
export { shipmentWebhookPayload } from './modules/sim/webhooks.js';

/** The simulators and the modules behind their services, as `lab sim` runs them. */
export const simulatorModules = simulatorsOf(labModules);
