import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ConnectionLimits {
  /** Connections one client address may hold at once (the rest of MAX_CONNECTIONS is the others' reserve). */
  maxPerAddress: number;
  /** For an address holding more than half its share: how long a request's body may take to arrive. */
  busyBodyTimeoutMs: number;
}

/** Sockets of one address, oldest first, and which of them have a request being handled. */
interface Peer {
  sockets: Set<Socket>;
}

/**
 * Bounds connections per client address (the socket's peer): past its share, an address's new
 * connection evicts that address's oldest connection that is not being answered (one still sending
 * headers or a body, or idle keep-alive), so 1,100 trickling bodies from one place cannot refuse
 * everyone else, nor that place's own next request. An address holding more than half its share
 * gets `busyBodyTimeoutMs` (instead of REQUEST_TIMEOUT_MS) to deliver each request's body.
 */
export function limitConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  const peers = new Map<string, Peer>();
  const handling = new WeakSet<Socket>();
  const busyAt = Math.max(1, Math.floor(limits.maxPerAddress / 2));

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    let peer = peers.get(address);
    if (!peer) {
      peer = { sockets: new Set() };
      peers.set(address, peer);
    }
    const own = peer;
    if (own.sockets.size >= limits.maxPerAddress) {
      const stalled = [...own.sockets].find((s) => !handling.has(s));
      if (stalled) stalled.destroy();
      else {
        socket.destroy();
        return;
      }
    }
    own.sockets.add(socket);
    socket.once('close', () => {
      own.sockets.delete(socket);
      if (own.sockets.size === 0 && peers.get(address) === own) peers.delete(address);
    });
  });

  /** Sockets whose current request is still receiving its body, with the timer armed once busy. */
  const receiving = new Map<Socket, NodeJS.Timeout | undefined>();
  const arm = (socket: Socket) => {
    if (receiving.get(socket) !== undefined) return;
    const timer = setTimeout(() => socket.destroy(), limits.busyBodyTimeoutMs);
    timer.unref();
    receiving.set(socket, timer);
  };
  const disarm = (socket: Socket) => {
    clearTimeout(receiving.get(socket));
    receiving.delete(socket);
  };
  /** Once an address holds more than half its share, every body it is still sending has a short deadline. */
  const armIfBusy = (address: string) => {
    const own = peers.get(address);
    if (!own || own.sockets.size <= busyAt) return;
    for (const s of own.sockets) if (receiving.has(s)) arm(s);
  };
  app.server.on('connection', (socket: Socket) => {
    socket.once('close', () => disarm(socket));
    armIfBusy(socket.remoteAddress ?? '');
  });
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    receiving.set(socket, undefined);
    armIfBusy(socket.remoteAddress ?? '');
  });
  app.addHook('preHandler', async (request) => {
    disarm(request.raw.socket);
    handling.add(request.raw.socket);
  });
  app.addHook('onResponse', async (request) => {
    disarm(request.raw.socket);
    handling.delete(request.raw.socket);
  });
}
