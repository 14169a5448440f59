import { ANOMALY_KINDS, type AnomalyKind } from './ground-truth';

export interface SimulationOptions {
  /** Same seed and options give byte-identical events and ground truth. */
  seed: number;
  /** Simulated clock origin: no event happens before it. */
  start: Date;
  /** Normal population size (default 1,000). */
  members?: number;
  /** Games in the lobby, every kind represented when there are at least six (default 30). */
  games?: number;
  /** Average simulated events per second over a day (default 30); the daily rhythm varies it. */
  eventsPerSecond?: number;
  /** Anomalies to plant (default: all kinds). */
  anomalies?: boolean | AnomalyKind[];
  /** Instances of each planted kind per simulated day (default 3). */
  anomaliesPerDay?: number;
  /** Currency of every amount (default 'USD'); amounts are sized for the rules in base currency. */
  currency?: string;
  /** customerIds for bets (publishers and aggregators); each member belongs to one (default none). */
  customers?: string[];
}

export interface ResolvedOptions {
  seed: number;
  start: number;
  members: number;
  games: number;
  eventsPerSecond: number;
  anomalies: ReadonlySet<AnomalyKind>;
  anomaliesPerDay: number;
  currency: string;
  customers: readonly string[];
}

export function resolveOptions(options: SimulationOptions): ResolvedOptions {
  const { seed, start } = options;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed: must be an integer');
  if (!(start instanceof Date) || Number.isNaN(start.getTime())) throw new RangeError('start: must be a valid Date');
  const members = options.members ?? 1_000;
  if (!Number.isInteger(members) || members < 20 || members > 500_000) {
    throw new RangeError('members: must be an integer from 20 to 500,000');
  }
  const games = options.games ?? 30;
  if (!Number.isInteger(games) || games < 1 || games > 500)
    throw new RangeError('games: must be an integer from 1 to 500');
  const eventsPerSecond = options.eventsPerSecond ?? 30;
  if (!(eventsPerSecond > 0 && eventsPerSecond <= 100_000)) {
    throw new RangeError('eventsPerSecond: must be above 0 and at most 100,000');
  }
  const anomaliesPerDay = options.anomaliesPerDay ?? 3;
  if (!Number.isInteger(anomaliesPerDay) || anomaliesPerDay < 0 || anomaliesPerDay > 100) {
    throw new RangeError('anomaliesPerDay: must be an integer from 0 to 100');
  }
  const currency = options.currency ?? 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError('currency: must be a 3-letter ISO 4217 code such as USD');
  const customers = options.customers ?? [];
  for (const c of customers) {
    if (!isPlainId(c)) {
      throw new RangeError(
        'customers: every customerId must be 1 to 64 characters, without quotes, backslashes or control characters',
      );
    }
  }
  const wanted = options.anomalies ?? true;
  const list = wanted === true ? ANOMALY_KINDS : wanted === false ? [] : wanted;
  for (const kind of list) {
    if (!ANOMALY_KINDS.includes(kind)) throw new RangeError(`anomalies: unknown kind "${kind}"`);
  }
  return {
    seed,
    start: start.getTime(),
    members,
    games,
    eventsPerSecond,
    anomalies: new Set(list),
    anomaliesPerDay,
    currency,
    customers: [...new Set(customers)],
  };
}

/** Printable and safe to put in JSON unescaped (the fast serializer relies on it). */
function isPlainId(id: string): boolean {
  if (id.length < 1 || id.length > 64) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}
