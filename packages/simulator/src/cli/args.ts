import { parseArgs } from 'node:util';
import { ANOMALY_KINDS, type AnomalyKind } from '../ground-truth';

export const HELP = `Pitboss platform simulator: a believable gaming platform with planted anomalies.

Post live events to a Pitboss server:
  npm run simulate -- --url http://127.0.0.1:8080 --key <ingest key> [--rate 50] [--duration 60] [--seed 7]
      --url URL              server to post to (POST /api/v2/ingest/games, then /api/v2/ingest/events)
      --key KEY              an ingest key (system settings → ingest keys)
      --rate N               events per second (default 30); also the simulated average rate
      --duration S           stop after S seconds (default: until Ctrl-C)
      --backfill-days N      first send N days of history as fast as the server takes it
      --pace timeline|steady timeline (default): events go out when they happen, following the daily
                             rhythm around the average rate; steady: exactly --rate events a second
      --batch N              events per request (default 1000, at most 10000)
      --ndjson               send NDJSON instead of a JSON array

Write a dataset instead (NDJSON, one ingest event per line; game master data beside it):
  npm run simulate -- --out dataset.ndjson [--from 2026-11-01T00:00:00Z] [--to … | --events N | --bets N]
      --out FILE             dataset file
      --from TIME            simulated start (default: today 00:00 UTC)
      --to TIME              end (default: one day after --from, unless --events or --bets)
      --events N, --bets N   stop after N events or N bets
      --games-out FILE       game master data (default: FILE with .games.json)

Both:
      --seed N               same seed and options give the same events (default 1)
      --members N            normal population (default 1000)
      --games N              games in the lobby (default 30)
      --currency XXX         currency of amounts (default USD; use the company's base currency)
      --customers A,B        customerIds for bets, for publisher and aggregator companies
      --anomalies LIST       all (default), none, or a comma list of: ${ANOMALY_KINDS.join(', ')}
      --anomalies-per-day N  planted instances of each kind per simulated day (default 3)
      --truth FILE           write the ground truth (what was planted) as JSON at the end
      --help                 this text
`;

export interface CliArgs {
  help: boolean;
  url?: string;
  key?: string;
  rate: number;
  durationMs?: number;
  backfillDays: number;
  pace: 'timeline' | 'steady';
  batch: number;
  ndjson: boolean;
  out?: string;
  from?: Date;
  to?: Date;
  events?: number;
  bets?: number;
  gamesOut?: string;
  seed: number;
  members?: number;
  games?: number;
  currency?: string;
  customers?: string[];
  anomalies: boolean | AnomalyKind[];
  anomaliesPerDay?: number;
  truth?: string;
}

export class UsageError extends Error {}

export function parseCliArgs(argv: string[]): CliArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      url: { type: 'string' },
      key: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      'backfill-days': { type: 'string' },
      pace: { type: 'string' },
      batch: { type: 'string' },
      ndjson: { type: 'boolean' },
      out: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      events: { type: 'string' },
      bets: { type: 'string' },
      'games-out': { type: 'string' },
      seed: { type: 'string' },
      members: { type: 'string' },
      games: { type: 'string' },
      currency: { type: 'string' },
      customers: { type: 'string' },
      anomalies: { type: 'string' },
      'anomalies-per-day': { type: 'string' },
      truth: { type: 'string' },
    },
  });
  const pace = values.pace ?? 'timeline';
  if (pace !== 'timeline' && pace !== 'steady') throw new UsageError('--pace must be timeline or steady');
  const args: CliArgs = {
    help: values.help ?? false,
    url: values.url,
    key: values.key,
    rate: number(values.rate, '--rate', { min: 0.001 }) ?? 30,
    durationMs: seconds(values.duration, '--duration'),
    backfillDays: number(values['backfill-days'], '--backfill-days', { min: 0 }) ?? 0,
    pace,
    batch: number(values.batch, '--batch', { min: 1, max: 10_000, integer: true }) ?? 1_000,
    ndjson: values.ndjson ?? false,
    out: values.out,
    from: time(values.from, '--from'),
    to: time(values.to, '--to'),
    events: number(values.events, '--events', { min: 1, integer: true }),
    bets: number(values.bets, '--bets', { min: 1, integer: true }),
    gamesOut: values['games-out'],
    seed: number(values.seed, '--seed', { integer: true }) ?? 1,
    members: number(values.members, '--members', { integer: true }),
    games: number(values.games, '--games', { integer: true }),
    currency: values.currency,
    customers: values.customers
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    anomalies: anomalies(values.anomalies),
    anomaliesPerDay: number(values['anomalies-per-day'], '--anomalies-per-day', { min: 0, integer: true }),
    truth: values.truth,
  };
  if (args.help) return args;
  if (args.out === undefined && (args.url === undefined || args.key === undefined)) {
    throw new UsageError('give --url and --key to post events, or --out to write a dataset (see --help)');
  }
  return args;
}

function number(
  value: string | undefined,
  name: string,
  limits: { min?: number; max?: number; integer?: boolean } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  const bad =
    value.trim() === '' ||
    !Number.isFinite(n) ||
    (limits.integer && !Number.isInteger(n)) ||
    (limits.min !== undefined && n < limits.min) ||
    (limits.max !== undefined && n > limits.max);
  if (bad)
    throw new UsageError(
      `${name} must be ${limits.integer ? 'an integer' : 'a number'}${range(limits)}, not "${value}"`,
    );
  return n;
}

function range(limits: { min?: number; max?: number }): string {
  if (limits.min !== undefined && limits.max !== undefined) return ` from ${limits.min} to ${limits.max}`;
  if (limits.min !== undefined) return ` of at least ${limits.min}`;
  return '';
}

function seconds(value: string | undefined, name: string): number | undefined {
  const s = number(value, name, { min: 0 });
  return s === undefined ? undefined : s * 1_000;
}

function time(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`${name} must be a date-time such as 2026-11-01T00:00:00Z`);
  return date;
}

function anomalies(value: string | undefined): boolean | AnomalyKind[] {
  if (value === undefined || value === 'all') return true;
  if (value === 'none') return false;
  const kinds = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const kind of kinds) {
    if (!(ANOMALY_KINDS as readonly string[]).includes(kind))
      throw new UsageError(`--anomalies: unknown kind "${kind}"`);
  }
  return kinds as AnomalyKind[];
}
