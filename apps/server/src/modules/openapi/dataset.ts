import { z } from 'zod';
import { DATASET_FILES } from '@lab/core/datasets';
import { ImportError, type Dataset } from '../../imports/registry.js';
import { expandDocumentFiles, readOpenApiDocument, type ParsedDocument } from './document.js';
import './tables.js';

const row = z.object({
  name: z.string().min(1),
  api: z.string().min(1),
  resource: z.string().min(1),
  title: z.string(),
  version: z.string(),
  sourceFile: z.string(),
  text: z.string().min(2),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  operations: z.number().int().min(0),
  warnings: z.array(z.string()),
});

/**
 * `lab import carrier-openapi <file|dir>… [--release <label>]`: OpenAPI 3.x documents (JSON or
 * YAML). Every file is read and validated first; one broken file stops the import (exit 2, naming
 * the file and the problem) before anything is written. Each distinct content is kept as a release
 * of its document (`openapi_document_releases`, labelled with `--release`); content already kept
 * adds nothing; a new content becomes the document in use; all in one transaction.
 */
export const carrierOpenApiDataset: Dataset<ParsedDocument> = {
  name: 'carrier-openapi',
  format: DATASET_FILES['carrier-openapi'],
  description: "the carrier's OpenAPI 3.x documents (.json/.yaml files or folders of them)",
  options: [{ name: 'release', description: 'a label for the release these documents are (e.g. 2026-11)' }],
  readMany: async (args) => {
    const files = await expandDocumentFiles(args);
    const docs: ParsedDocument[] = [];
    for (const file of files) docs.push(await readOpenApiDocument(file));
    const names = new Map<string, string>();
    for (const d of docs) {
      const other = names.get(d.name);
      if (other && other !== d.sourceFile) {
        throw new ImportError(`${d.sourceFile} and ${other} are both the document ${d.name}`);
      }
      names.set(d.name, d.sourceFile);
    }
    return docs as unknown as Record<string, unknown>[];
  },
  row,
  write: async (trx, docs, options) => {
    const label = options.release?.trim() || null;
    const now = new Date().toISOString();
    let added = 0;
    let replaced = 0;
    let unchanged = 0;
    const warnings: string[] = [];
    for (const d of docs) {
      warnings.push(...d.warnings);
      const content = {
        version: d.version,
        sha256: d.sha256,
        source_file: d.sourceFile,
        operations: d.operations,
        imported_at: now,
        document: d.text,
      };
      const values = { api: d.api, resource: d.resource, title: d.title, ...content };
      const known = await trx
        .selectFrom('openapi_document_releases')
        .select('id')
        .where('name', '=', d.name)
        .where('sha256', '=', d.sha256)
        .executeTakeFirst();
      if (known) {
        unchanged++;
        continue;
      }
      await trx
        .insertInto('openapi_document_releases')
        .values({ name: d.name, label, ...content })
        .execute();
      const existing = await trx
        .selectFrom('openapi_documents')
        .select(['id', 'sha256'])
        .where('name', '=', d.name)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('openapi_documents')
          .values({ name: d.name, ...values })
          .execute();
        added++;
      } else {
        await trx.updateTable('openapi_documents').set(values).where('id', '=', existing.id).execute();
        replaced++;
      }
    }
    const lines = [
      `carrier-openapi: ${docs.length} document${docs.length === 1 ? '' : 's'}: ${added} added, ${replaced} new release${replaced === 1 ? '' : 's'}, ${unchanged} unchanged`,
      ...warnings.map((w) => `warning: ${w}`),
    ];
    return lines.join('\n');
  },
};
