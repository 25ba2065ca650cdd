import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDiffReply, OpenApiDocsReply, OpenApiReleasesReply } from '@lab/core/contract';
import { referenceDir } from '../../paths.js';
import { buildTestApp, dialectsFor, runLab, type TestApp } from '../../test/helpers.js';

const NAME = 'ship--Tag-Resource';
const ORIGINAL = fs.readFileSync(path.join(referenceDir, 'carrier-openapi', `${NAME}.json`), 'utf8');

/** The carrier's Tag document, revised: a new required request field (breaking) and a reworded response field (doc-only). */
function revised(): string {
  const doc = JSON.parse(ORIGINAL);
  doc.info.version = '1.1.0';
  const create = doc.components.schemas.Full_Schema_Create_Tag;
  create.properties.tagNote = { type: 'string', description: 'A note for the courier.' };
  create.required.push('tagNote');
  doc.components.schemas.CreateTagOutputVO.properties.masterTrackingNumber.description = 'The master tracking number.';
  return JSON.stringify(doc, null, 2);
}

// Dialect-sensitive: the releases table, its migration's back-fill and the CLI import.
describe.each(dialectsFor('dialect-sensitive'))('releases of a document (%s)', (dialect) => {
  let t: TestApp;
  let tmp: string;
  const lab = (...args: string[]) => runLab(args, { database: t.config.database });
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<T>() };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { openApiRecheckMs: 0 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-releases-'));
    fs.mkdirSync(path.join(tmp, 'a'));
    fs.mkdirSync(path.join(tmp, 'b'));
    fs.writeFileSync(path.join(tmp, 'a', `${NAME}.json`), ORIGINAL);
    fs.writeFileSync(path.join(tmp, 'b', `${NAME}.json`), revised());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps every release, adds nothing for the same bytes, and uses the newest', async () => {
    expect((await lab('import', 'carrier-openapi', path.join(tmp, 'a'), '--release', '2024-05')).out[0]).toBe(
      'carrier-openapi: 1 document: 1 added, 0 new releases, 0 unchanged',
    );
    expect((await lab('import', 'carrier-openapi', path.join(tmp, 'b'), '--release', '2026-11')).out[0]).toBe(
      'carrier-openapi: 1 document: 0 added, 1 new release, 0 unchanged',
    );
    // The older bytes again: already a release, nothing added, the newest stays in use.
    expect((await lab('import', 'carrier-openapi', path.join(tmp, 'a'))).out[0]).toBe(
      'carrier-openapi: 1 document: 0 added, 0 new releases, 1 unchanged',
    );
    const { body } = await get<OpenApiReleasesReply>(`/lab/api/openapi-docs/${NAME}/releases`);
    expect(body.releases.map((r) => [r.label, r.version, r.current])).toEqual([
      ['2026-11', '1.1.0', true],
      ['2024-05', '1.0.0', false],
    ]);
    const docs = (await get<OpenApiDocsReply>('/lab/api/openapi-docs')).body.documents;
    expect(docs.find((d) => d.name === NAME)?.version).toBe('1.1.0');
    const releases = await lab('docs', 'releases', NAME);
    expect(releases.out.map((l) => l.split('\t').slice(1, 3))).toEqual([
      ['2026-11', '1.1.0'],
      ['2024-05', '1.0.0'],
    ]);
  });

  it('says what changed between two releases, classified, and filters to breaking changes', async () => {
    const { status, body } = await get<OpenApiDiffReply>(`/lab/api/openapi-docs/${NAME}/diff?from=2024-05&to=2026-11`);
    expect(status).toBe(200);
    expect(body.from).toMatchObject({ label: '2024-05', version: '1.0.0' });
    expect(body.to).toMatchObject({ label: '2026-11', version: '1.1.0' });
    expect(body.counts).toEqual({ breaking: 1, 'non-breaking': 0, 'doc-only': 1 });
    expect(body.operations).toEqual({ added: 0, removed: 0, changed: 1, unchanged: 1 });
    expect(body.changes).toContainEqual({
      operation: 'POST /ship/v1/shipments/tag',
      where: 'request',
      field: 'tagNote',
      rule: 'request.required-field-added',
      class: 'breaking',
    });
    expect(body.changes).toContainEqual(
      expect.objectContaining({
        operation: 'POST /ship/v1/shipments/tag',
        where: 'response',
        status: '200',
        field: 'output.masterTrackingNumber',
        rule: 'doc.description-changed',
        class: 'doc-only',
        after: 'The master tracking number.',
      }),
    );
    const breaking = await get<OpenApiDiffReply>(`/lab/api/openapi-docs/${NAME}/diff?from=1.0.0&to=1.1.0&breaking=1`);
    expect(breaking.body.changes.map((c) => c.rule)).toEqual(['request.required-field-added']);
    const unknown = await get<{ message: string }>(`/lab/api/openapi-docs/${NAME}/diff?from=1999&to=2026-11`);
    expect(unknown).toEqual({
      status: 404,
      body: { message: `no release 1999 of ${NAME}: its releases are 2026-11, 2024-05` },
    });
  });

  it('shows an older release in the doc viewer when asked', async () => {
    const view = (release?: string) =>
      get<{ request: { tree: { fields: { path: string }[] } } }>(
        `/lab/api/openapi-docs/${NAME}/view?method=POST&path=${encodeURIComponent('/ship/v1/shipments/tag')}${release ? `&release=${release}` : ''}`,
      );
    const fields = async (release?: string) => (await view(release)).body.request.tree.fields.map((f) => f.path);
    expect(await fields()).toContain('tagNote');
    expect(await fields('2024-05')).not.toContain('tagNote');
  });

  it('lists where a schema and one of its fields are used', async () => {
    const { body } = await get(
      `/lab/api/openapi-docs/${NAME}/where-used?schema=CreateTagOutputVO&field=masterTrackingNumber`,
    );
    expect(body).toEqual({
      schema: 'CreateTagOutputVO',
      field: 'masterTrackingNumber',
      uses: [
        {
          operation: 'POST /ship/v1/shipments/tag',
          where: 'response',
          status: '200',
          paths: ['output.masterTrackingNumber'],
        },
      ],
    });
    const missing = await get(`/lab/api/openapi-docs/${NAME}/where-used?schema=Nope`);
    expect(missing).toEqual({ status: 404, body: { message: `${NAME} has no schema Nope` } });
  });

  it('lab docs diff exits 1 on a breaking change, 0 on none, 2 on bad input', async () => {
    const breaking = await lab('docs', 'diff', NAME, '2024-05', '2026-11', '--breaking');
    expect(breaking.code).toBe(1);
    expect(breaking.out[0]).toBe(`${NAME}: 2024-05 → 2026-11: 1 breaking, 0 non-breaking, 1 doc-only`);
    expect(breaking.out.slice(1)).toEqual([
      'breaking\tPOST /ship/v1/shipments/tag\trequest `tagNote`\trequest.required-field-added: a new required request field: existing requests lack it',
    ]);
    const backwards = await lab('docs', 'diff', NAME, '2026-11', '2024-05', '--format', 'json');
    // Going back removes the field: a request field removed is breaking too.
    expect(backwards.code).toBe(1);
    expect(JSON.parse(backwards.out.join('\n')).counts.breaking).toBe(1);
    const same = await lab('docs', 'diff', NAME, '2026-11', '1.1.0', '--format', 'markdown');
    expect(same.code).toBe(0);
    expect(same.out.join('\n')).toContain('0 breaking, 0 non-breaking, 0 doc-only');
    const bad = await lab('docs', 'diff', NAME, '2024-05', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toContain(`no release nope of ${NAME}: its releases are 2026-11, 2024-05`);
    expect((await lab('docs', 'diff', 'nope--Nothing', 'a', 'b')).code).toBe(2);
  });

  it('holds a document at a release pinned in config', async () => {
    const pinned = await buildTestApp(dialect, { openApiRecheckMs: 0, openApiPinnedReleases: `${NAME}=2024-05` }, {});
    try {
      // A second app on its own database: import both releases there.
      const run = (...args: string[]) => runLab(args, { database: pinned.config.database });
      await run('import', 'carrier-openapi', path.join(tmp, 'a'), '--release', '2024-05');
      await run('import', 'carrier-openapi', path.join(tmp, 'b'), '--release', '2026-11');
      const docs = (await pinned.app.inject({ method: 'GET', url: '/lab/api/openapi-docs' })).json<OpenApiDocsReply>();
      expect(docs.documents.find((d) => d.name === NAME)?.version).toBe('1.0.0');
      const releases = (
        await pinned.app.inject({ method: 'GET', url: `/lab/api/openapi-docs/${NAME}/releases` })
      ).json<OpenApiReleasesReply>();
      expect(releases.releases.map((r) => [r.label, r.current])).toEqual([
        ['2026-11', false],
        ['2024-05', true],
      ]);
      const op = await (
        await pinned.app.inject({
          method: 'GET',
          url: `/lab/api/openapi-docs/${NAME}/view?method=POST&path=${encodeURIComponent('/ship/v1/shipments/tag')}`,
        })
      ).json<{ request: { tree: { fields: { path: string }[] } } }>();
      expect(op.request.tree.fields.map((f) => f.path)).not.toContain('tagNote');
    } finally {
      await pinned.close();
    }
  });
});
