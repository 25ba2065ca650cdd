import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWebPage } from '@lab/core/pages';

export const BASE = '/lab';
export const API_PREFIX = `${BASE}/api`;
export const HOOKS_PREFIX = `${BASE}/hooks`;
/** The offline simulators of outside services (the carrier's APIs). */
export const SIM_PREFIX = `${BASE}/sim`;

function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname !== BASE && !pathname.startsWith(`${BASE}/`)) return false;
  return !(
    pathname === API_PREFIX ||
    pathname.startsWith(`${API_PREFIX}/`) ||
    pathname === HOOKS_PREFIX ||
    pathname.startsWith(`${HOOKS_PREFIX}/`) ||
    pathname === SIM_PREFIX ||
    pathname.startsWith(`${SIM_PREFIX}/`)
  );
}

/**
 * Tools of the APIs group live at /lab/api/<tool> (e.g. /lab/api/fdxwebhook), below the JSON API
 * prefix: a browser navigation there (it accepts text/html) that matches no API route gets the app.
 */
function isPageUnderApi(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname.startsWith(`${API_PREFIX}/`) && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The single-page app under /lab/: hashed assets (Vite's /assets/) cached for a year as
 * immutable, index.html never cached, and history-mode fallback: any GET /lab/<path> that is not
 * a file, an API route or a hook answers index.html so deep links work — with 200 for a page of
 * the app (`@lab/core/pages`, the tools' paths) and 404 for any other path, whose not-found page
 * the app then shows.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: `${BASE}/`,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDistDir, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built: /lab/ will answer 503 until `npm run build`');
  }

  const hide = { schema: { hide: true } };
  app.get('/', hide, (_req, reply) => reply.redirect(`${BASE}/`));

  const sendIndex = (reply: FastifyReply, status = 200) => {
    if (!hasBuild) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  };
  // With a build, @fastify/static's wildcard route answers /lab/ too (through the not-found fallback).
  if (!hasBuild) app.get(`${BASE}/`, hide, (_req, reply) => sendIndex(reply));

  // Pages and assets are never rate-limited (only API routes that cost something are).
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      (isAppRoute(request.url) || isPageUnderApi(request))
    ) {
      const pathname = request.url.split('?')[0] ?? '';
      const last = pathname.split('/').pop() ?? '';
      // A missing asset (has an extension) is a real 404, not the app.
      if (!/\.[a-z0-9]{1,8}$/i.test(last)) return sendIndex(reply, isWebPage(pathname.slice(BASE.length)) ? 200 : 404);
    }
    return notFound(request, reply);
  });
}

/** The JSON 404 of a path no route answers. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `Route ${request.method}:${request.url.split('?')[0]} not found` });
}
