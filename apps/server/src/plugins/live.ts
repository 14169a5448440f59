import websocket from '@fastify/websocket';
import { roleHasAccess, type ServerMessage, WS_PATH } from '@pitboss/contract';
import { ClientMessage } from '@pitboss/contract/schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { sessionToken } from '../lib/credentials';
import { AppError } from '../lib/errors';
import { ipMatcher, isIpAllowed } from '../lib/ip-match';
import { isSameOrigin } from '../lib/same-origin';

const KEEPALIVE_MS = 25_000;

interface Client {
  socket: WebSocket;
  /** The company whose events this console receives; null for a console that has not logged in. */
  cid: number | null;
  alive: boolean;
}

/** Fan-out of server messages to open consoles: to all, or to one company's. */
export class WsHub {
  private readonly clients = new Set<Client>();

  add(client: Client): void {
    this.clients.add(client);
  }

  remove(client: Client): void {
    this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  broadcast(message: ServerMessage): void {
    this.sendWhere(message, () => true);
  }

  /** Sends to this company's consoles here, and through `relay` (when set) to those of other processes. */
  publish(cid: number, message: ServerMessage): void {
    this.deliver(cid, message);
    this.relay?.(cid, message);
  }

  /** Sends to this company's consoles connected to this process only. */
  deliver(cid: number, message: ServerMessage): void {
    this.sendWhere(message, (c) => c.cid === cid);
  }

  /** Set by `WsRelay` when several processes share the database. */
  relay: ((cid: number, message: ServerMessage) => void) | undefined;

  sweep(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.clients.delete(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  closeAll(): void {
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private sendWhere(message: ServerMessage, match: (c: Client) => boolean): void {
    const text = JSON.stringify(message);
    for (const client of this.clients) {
      if (match(client) && client.socket.readyState === client.socket.OPEN) client.socket.send(text);
    }
  }
}

/** What modules use of the hub: messages to one company's consoles, or to every console. */
export type Live = Pick<WsHub, 'publish' | 'broadcast'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The websocket hub: `publish(cid, message)` to a company's consoles, `broadcast(message)` to all. */
    live: WsHub;
  }
}

/** Moved to `lib/same-origin.ts`; kept here for its importers. */
export { isSameOrigin };

/**
 * `/api/ws`: sends `{type: "version"}` on connect and on every change of the served version.
 * A console that presents its token (cookie, or `?token=`) also receives its company's live events.
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new WsHub();
    const version = app.consoleVersion;
    app.decorate('live', hub);
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

    const onVersion = (v: string) => hub.broadcast({ type: 'version', version: v });
    version.on('change', onVersion);
    const timer = setInterval(() => hub.sweep(), KEEPALIVE_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      version.off('change', onVersion);
      hub.closeAll();
    });

    const publicOrigin = app.config.publicUrl ? new URL(app.config.publicUrl).origin : undefined;
    app.get(
      WS_PATH,
      {
        websocket: true,
        schema: { hide: true },
        // A page of another site must not open the console's socket with its visitor's cookie (issue 21).
        preValidation: async (request) => {
          if (!isSameOrigin(request.headers.origin, request.headers.host, publicOrigin)) {
            throw new AppError(403, 'FORBIDDEN', 'Websocket connections from another origin are refused');
          }
        },
      },
      async (socket, request) => {
        const client: Client = { socket, cid: null, alive: true };
        socket.on('pong', () => {
          client.alive = true;
        });
        socket.on('message', (data) => {
          client.alive = true;
          let parsed: ClientMessage | undefined;
          try {
            parsed = ClientMessage.parse(JSON.parse(String(data)));
          } catch {
            return;
          }
          if (parsed.type === 'ping') socket.send(JSON.stringify({ type: 'pong' } satisfies ServerMessage));
        });
        socket.on('close', () => hub.remove(client));
        hub.add(client);
        socket.send(JSON.stringify({ type: 'version', version: version.current } satisfies ServerMessage));
        const token = sessionToken(request, { query: true });
        if (token) {
          try {
            const auth = await app.sessions.resolve(token);
            // Only a console user of the token's company (admin, editor, viewer: not Mail, not a user
            // without a role there) and within its console IP allowlist gets its live messages;
            // anyone else gets version updates only.
            if (roleHasAccess(auth.role, 'read') && isIpAllowed(ipMatcher, auth.ipAllowlist, request.ip)) {
              client.cid = auth.cid;
            }
          } catch {
            // An anonymous console still receives version updates.
          }
        }
      },
    );
  },
  { name: 'live', dependencies: ['authentication', 'version'] },
);
