/**
 * Every page of the web app, as paths below `/lab` (the `path` of each tool folder's index.ts in
 * apps/web; a web test checks the two lists are the same). The server reads this list to answer an
 * unknown path with the app's HTML and status 404, without importing any web code.
 */
export const WEB_PAGES = [
  '/',
  '/utils/utils',
  '/utils/base64',
  '/utils/zebraprinter',
  '/utils/magpbatch',
  '/utils/etdimage',
  '/utils/zplcreator',
  '/transaction/search',
  '/transaction/parse',
  '/api/fapi',
  '/api/fapidoc',
  '/api/fapishippayloadgenerator',
  '/api/stratus',
  '/api/simulator',
  '/api/fdxwebhook',
] as const;

export type WebPagePath = (typeof WEB_PAGES)[number];

const pages = new Set<string>(WEB_PAGES.map((p) => p.toLowerCase()));

/**
 * Whether the app has a page at `pathname` (below `/lab`, without the query). Matched as React
 * Router matches the app's routes: letter case ignored, one trailing slash allowed.
 */
export function isWebPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return pages.has((trimmed || '/').toLowerCase());
}
