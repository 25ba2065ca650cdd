/**
 * Two releases of a large public OpenAPI document, as test and bench data: GitHub's REST API
 * description from two major versions of `@octokit/openapi` on npm (MIT). Not committed (12–13 MB
 * each): fetched once with `npm pack` (the registry `npm ci` uses) into node_modules/.cache, then
 * read from there. `cutDocument` keeps a few paths and the components they reach, for tools that
 * cannot take the whole document.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeRef, isObject, type JsonObject } from '@lab/core/json';
import { RefGraph } from '@lab/core/openapi-diff';

export const PUBLIC_RELEASES = ['22.0.0', '23.0.2'] as const;
const CACHE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules',
  '.cache',
  'lab-public-specs',
);

/** GitHub's api.github.com.json of one `@octokit/openapi` release (fetched once). */
export function publicSpecText(version: string): string {
  const dir = path.join(CACHE, version);
  const file = path.join(dir, 'api.github.com.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const out = execFileSync('npm', ['pack', `@octokit/openapi@${version}`, '--silent', '--pack-destination', dir], {
      encoding: 'utf8',
    }).trim();
    const tgz = path.join(dir, out.split('\n').at(-1)!);
    execFileSync('tar', ['-xzf', tgz, '-C', dir, '--strip-components=2', 'package/generated/api.github.com.json']);
    fs.rmSync(tgz);
  }
  return fs.readFileSync(file, 'utf8');
}

/** The document with only the `paths` listed, and the components they reach (transitively). */
export function cutDocument(doc: JsonObject, paths: readonly string[]): JsonObject {
  const kept: JsonObject = {};
  for (const p of paths) if (isObject(doc.paths) && doc.paths[p] !== undefined) kept[p] = doc.paths[p];
  const components: Record<string, JsonObject> = {};
  const source = isObject(doc.components) ? doc.components : {};
  for (const ref of new RefGraph(doc).reachableFrom(kept)) {
    const [, kind, name] = decodeRef(ref) ?? [];
    const group = kind === undefined ? undefined : source[kind];
    if (!kind || !name || !isObject(group)) continue;
    (components[kind] ??= {})[name] = group[name];
  }
  return { openapi: doc.openapi, info: doc.info, paths: kept, components };
}
