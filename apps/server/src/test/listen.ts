import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Has the app listen on a free loopback port (once) and gives its base URL, `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
