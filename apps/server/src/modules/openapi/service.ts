import type { ServiceContext } from '../../module.js';
import { checkerFor, errorPath } from './check.js';
import { conformantSample, repairToSchema } from './sample.js';
import { parsePins } from './releases.js';
import { OpenApiStore } from './store.js';

/**
 * The `openApi` service (LabServices['openApi']): the app's one store of the imported documents,
 * built from the OPENAPI_* settings, and what other modules do with an operation of them.
 */
export interface OpenApiService {
  /** The documents, their operations (`getOperation`, `operationAt`) and validators. */
  store: OpenApiStore;
  /** The request checker of an operation (and its response validators), compiled once per operation. */
  checkerFor: typeof checkerFor;
  /** Where a validator's error is, as people read it (`a[0].b.c`, `$` for the root). */
  errorPath: typeof errorPath;
  /** A value that fits a schema of a document (the simulators' example replies). */
  conformantSample: typeof conformantSample;
  /** Removes what a validator refuses from a value, in place, naming what it removed. */
  repairToSchema: typeof repairToSchema;
}

export function createOpenApiService({ db, config }: ServiceContext): OpenApiService {
  return {
    store: new OpenApiStore(db.kysely, {
      recheckMs: config.openApiRecheckMs,
      derefCacheBytes: config.openApiDerefCacheBytes,
      pins: parsePins(config.openApiPinnedReleases),
    }),
    checkerFor,
    errorPath,
    conformantSample,
    repairToSchema,
  };
}
