/**
 * The header that carries a carrier or Stratus credential (`Bearer …`, or Stratus's `Basic key:secret`)
 * to the gateway, which sends it upstream as `Authorization`. The lab's own `Authorization` (the
 * site's Basic login, which the browser adds to every same-origin request) is never forwarded.
 */
export const UPSTREAM_AUTHORIZATION_HEADER = 'x-upstream-authorization';
