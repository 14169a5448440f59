import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GameMaster, IngestEvent } from '@pitboss/contract/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main';

interface Received {
  path: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

/** A stand-in for the ingest API on 127.0.0.1: records requests; `reply` decides the answer. */
let server: Server;
let url: string;
let received: Received[] = [];
let reply: (req: Received, index: number) => { status: number; headers?: Record<string, string>; body: unknown } =
  () => ({
    status: 200,
    body: { accepted: 1, duplicates: 0 },
  });

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const r: Received = {
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await read(req),
    };
    received.push(r);
    const answer = reply(r, received.length - 1);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dir: string | undefined;
afterEach(async () => {
  received = [];
  reply = (req) => ({ status: 200, body: { accepted: req.body.length > 0 ? 1 : 0, duplicates: 0 } });
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const quiet = () => {
  const lines: string[] = [];
  return { lines, log: (line: string) => void lines.push(line) };
};

describe('npm run simulate', () => {
  it('posts the games, then live events with the ingest key, retrying a 429 after Retry-After', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'simulate-'));
    const truth = path.join(dir, 'truth.json');
    let refused = false;
    reply = (req) => {
      if (req.path === '/api/v2/ingest/events' && !refused) {
        refused = true;
        return { status: 429, headers: { 'retry-after': '0.2' }, body: { message: 'slow down' } };
      }
      return { status: 200, body: { accepted: 10, duplicates: 0 } };
    };
    const { lines, log } = quiet();
    const code = await main(
      // Steady pace: the daily rhythm would make the count depend on the hour the test runs (63 at 21:40 UTC).
      [
        ...['--url', url, '--key', 'pk_test', '--rate', '400', '--duration', '1', '--seed', '3'],
        ...['--pace', 'steady', '--truth', truth],
      ],
      log,
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(received[0]?.path).toBe('/api/v2/ingest/games');
    const games = JSON.parse(received[0]?.body ?? '[]');
    expect(games.length).toBe(30);
    for (const game of games) expect(GameMaster.safeParse(game).success).toBe(true);
    const posts = received.filter((r) => r.path === '/api/v2/ingest/events');
    expect(posts.length).toBeGreaterThan(2);
    expect(received.every((r) => r.authorization === 'Bearer pk_test')).toBe(true);
    // The refused batch was sent again, whole.
    expect(posts[1]?.body).toBe(posts[0]?.body);
    expect(lines.some((l) => l.includes('retry 1') && l.includes('HTTP 429'))).toBe(true);
    const events = posts.slice(1).flatMap((r) => JSON.parse(r.body) as unknown[]);
    expect(events.length).toBeGreaterThan(100);
    for (const event of events) expect(IngestEvent.safeParse(event).success).toBe(true);
    // Live events happen now.
    const last = events[events.length - 1] as { at: string };
    expect(Math.abs(Date.parse(last.at) - Date.now())).toBeLessThan(10_000);
    expect(JSON.parse(await readFile(truth, 'utf8'))).toMatchObject({ seed: 3, players: [] });
  });

  it('backfills history first, NDJSON if asked', async () => {
    const { lines, log } = quiet();
    const code = await main(
      ['--url', url, '--key', 'k', '--rate', '50', '--duration', '0', '--backfill-days', '0.02', '--ndjson'],
      log,
    );
    expect(code, lines.join('\n')).toBe(0);
    const posts = received.filter((r) => r.path === '/api/v2/ingest/events');
    expect(posts.every((r) => r.contentType === 'application/x-ndjson')).toBe(true);
    const events = posts.flatMap((r) =>
      r.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { at: string }),
    );
    // 0.02 days is about 29 minutes of history at about 50 events a second.
    expect(events.length).toBeGreaterThan(20_000);
    expect(Date.parse(events[0]?.at ?? '')).toBeLessThan(Date.now() - 25 * 60_000);
    expect(lines.some((l) => l.startsWith('Backfilled'))).toBe(true);
  });

  it('stops with the server message on a refused batch', async () => {
    reply = (req) =>
      req.path === '/api/v2/ingest/events'
        ? { status: 400, body: { message: 'Invalid events', errors: [{ index: 3, message: 'stake: must be >= 0' }] } }
        : { status: 200, body: {} };
    const { lines, log } = quiet();
    const code = await main(['--url', url, '--key', 'k', '--duration', '1'], log);
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('HTTP 400: Invalid events (#3: stake: must be >= 0)');
  });

  it('writes the same dataset, games and truth for the same seed', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'simulate-'));
    const run = async (name: string) => {
      const out = path.join(dir ?? '', `${name}.ndjson`);
      const truth = path.join(dir ?? '', `${name}.truth.json`);
      const { lines, log } = quiet();
      const args = [
        '--out',
        out,
        '--events',
        '20000',
        '--seed',
        '9',
        '--from',
        '2026-11-01T00:00:00Z',
        '--truth',
        truth,
      ];
      expect(await main(args, log), lines.join('\n')).toBe(0);
      return {
        data: await readFile(out, 'utf8'),
        games: await readFile(path.join(dir ?? '', `${name}.games.json`), 'utf8'),
        truth: await readFile(truth, 'utf8'),
      };
    };
    const a = await run('a');
    const b = await run('b');
    expect(b).toEqual(a);
    const lines = a.data.trimEnd().split('\n');
    expect(lines).toHaveLength(20_000);
    expect(IngestEvent.safeParse(JSON.parse(lines[19_999] ?? '')).success).toBe(true);
    expect(JSON.parse(a.games)).toHaveLength(30);
  });

  it('explains bad usage', async () => {
    const { lines, log } = quiet();
    expect(await main(['--rate', '50'], log)).toBe(2);
    expect(await main(['--url', url, '--key', 'k', '--rate', 'fast'], log)).toBe(2);
    expect(await main(['--out', 'x.ndjson', '--anomalies', 'high-ratio,nope'], log)).toBe(2);
    expect(await main(['--bogus'], log)).toBe(2);
    expect(lines.join('\n')).toMatch(/--url and --key[\s\S]*--rate must be a number[\s\S]*unknown kind "nope"/);
    expect(await main(['--help'], log)).toBe(0);
    expect(lines.at(-1)).toContain('--backfill-days');
  });
});
