import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@pitboss/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/database';
import type { WsHub } from './live';

const CHANNEL = 'pitboss_ws';
/** NOTIFY payloads must stay under 8,000 bytes; a larger message reaches this process's consoles only. */
const MAX_PAYLOAD = 7_900;
const RECONNECT_MS = 5_000;

/**
 * Company messages across server processes sharing one PostgreSQL (DESIGN §2): every `hub.publish` is
 * also sent with `pg_notify`, and every process delivers what the others sent to its own consoles. So an
 * alert raised by the process that ingested reaches consoles connected to any process. Not needed (and
 * not started) on the embedded database, which one process owns.
 */
export class WsRelay {
  private readonly origin = randomUUID();
  private client: pg.PoolClient | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly hub: WsHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    this.hub.relay = (cid, message) => this.send(cid, message);
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.hub.relay = undefined;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      client.release();
    }
  }

  private async listen(): Promise<void> {
    try {
      const client = await this.db.connect();
      client.on('notification', (n) => this.receive(n.payload));
      client.on('error', (error) => this.lost(client, error));
      await client.query(`LISTEN ${CHANNEL}`);
      this.client = client;
    } catch (error) {
      this.log.warn({ err: error }, 'websocket relay: cannot listen; retrying');
      this.schedule();
    }
  }

  private lost(client: pg.PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(error);
    this.log.warn({ err: error }, 'websocket relay: connection lost; reconnecting');
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    this.retry.unref();
  }

  private send(cid: number, message: ServerMessage): void {
    const payload = JSON.stringify({ o: this.origin, c: cid, m: message });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) return;
    this.db.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch((error: unknown) => {
      this.log.warn({ err: error }, 'websocket relay: notify failed');
    });
  }

  private receive(payload: string | undefined): void {
    if (!payload) return;
    try {
      const { o, c, m } = JSON.parse(payload) as { o: string; c: number; m: ServerMessage };
      if (o !== this.origin) this.hub.deliver(c, m);
    } catch {
      // Not one of ours.
    }
  }
}
