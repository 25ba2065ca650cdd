import type { Generated } from 'kysely';

/** One imported OpenAPI document per `<api>--<Resource>` name; a changed document replaces its row. */
export interface OpenApiDocumentTable {
  id: Generated<number>;
  /** `<api>--<Resource>` (unique): what the endpoint catalogue and the URLs name. */
  name: string;
  api: string;
  resource: string;
  title: string;
  version: string;
  /** sha256 of the document's JSON text as stored (same content → same hash, whatever the file's layout). */
  sha256: string;
  source_file: string;
  /** Number of operations under `paths`. */
  operations: number;
  imported_at: string;
  /** The document as JSON text. */
  document: string;
}

declare module '../../db/schema.js' {
  interface Database {
    openapi_documents: OpenApiDocumentTable;
  }
}

/** Every distinct content imported under a document's name (see migration 0210). */
export interface OpenApiReleaseTable extends Omit<OpenApiDocumentTable, 'api' | 'resource' | 'title'> {
  /** The `--release` label given at import. */
  label: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    openapi_document_releases: OpenApiReleaseTable;
  }
}
