import { cidLiteral, numberArrayLiteral, textArrayLiteral } from '../../db/sql';
import { baseAmount } from './decimal';
import type {
  StoredBatch,
  StoredBet,
  StoredBonus,
  StoredEvent,
  StoredLogin,
  StoredPurchase,
  StoredRegistration,
  StoredTransfer,
} from './stored-batch';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** A column of an event table: its name, its PostgreSQL type and how to read it from a stored event. */
type Column<E> = readonly [name: string, type: string, value: (event: E) => unknown];

const COMMON: Column<StoredEvent>[] = [
  ['member_id', 'text', (e) => e.memberId],
  ['at', 'timestamptz', (e) => e.at],
  ['id', 'text', (e) => e.id],
];

const BET: Column<StoredBet>[] = [
  ['game_id', 'text', (e) => e.gameId],
  ['round_id', 'text', (e) => e.roundId],
  ['stake', 'numeric', (e) => String(e.stake)],
  ['payout', 'numeric', (e) => String(e.payout)],
  ['currency', 'text', (e) => e.currency],
  ['stake_base', 'numeric', (e) => baseAmount(e.stake, e.rate)],
  ['payout_base', 'numeric', (e) => baseAmount(e.payout, e.rate)],
  ['side', 'text', (e) => orNull(e.side)],
  ['game_type', 'text', (e) => orNull(e.gameType)],
  ['customer_id', 'text', (e) => orNull(e.customerId)],
];
const LOGIN: Column<StoredLogin>[] = [
  ['ip', 'inet', (e) => e.ip],
  ['device', 'text', (e) => orNull(e.device)],
  ['success', 'boolean', (e) => e.success],
];
const REGISTRATION: Column<StoredRegistration>[] = [
  ['ip', 'inet', (e) => e.ip],
  ['device', 'text', (e) => orNull(e.device)],
  ['nick_name', 'text', (e) => orNull(e.nickName)],
  ['account', 'text', (e) => orNull(e.account)],
  ['mobile', 'text', (e) => orNull(e.mobile)],
  ['vip_level', 'int', (e) => orNull(e.vipLevel)],
];
const PURCHASE: Column<StoredPurchase>[] = [
  ['amount', 'numeric', (e) => String(e.amount)],
  ['currency', 'text', (e) => e.currency],
  ['amount_base', 'numeric', (e) => baseAmount(e.amount, e.rate)],
  ['platform', 'text', (e) => orNull(e.platform)],
  ['payment_name', 'text', (e) => orNull(e.paymentName)],
  ['category', 'text', (e) => orNull(e.category)],
];
const TRANSFER: Column<StoredTransfer>[] = [
  ['amount', 'numeric', (e) => String(e.amount)],
  ['currency', 'text', (e) => e.currency],
  ['amount_base', 'numeric', (e) => baseAmount(e.amount, e.rate)],
  ['direction', 'text', (e) => e.direction],
  ['counterparty_id', 'text', (e) => orNull(e.counterpartyId)],
];
const BONUS: Column<StoredBonus>[] = [
  ['points', 'numeric', (e) => String(e.points)],
  ['category', 'text', (e) => orNull(e.category)],
  ['event_name', 'text', (e) => orNull(e.eventName)],
];

interface EventTable<E extends StoredEvent> {
  table: string;
  columns: Column<E>[];
  events(batch: StoredBatch): E[];
}
const eventTable = <E extends StoredEvent>(t: EventTable<E>) => t as unknown as EventTable<StoredEvent>;

/** Each event table with its columns (after cid) and the batch's events that go into it. */
const BET_TABLE = eventTable({ table: 'bet', columns: BET, events: (b) => b.bets });
const EVENT_TABLES: EventTable<StoredEvent>[] = [
  BET_TABLE,
  eventTable({ table: 'login', columns: LOGIN, events: (b) => b.logins }),
  eventTable({ table: 'registration', columns: REGISTRATION, events: (b) => b.registrations }),
  eventTable({ table: 'purchase', columns: PURCHASE, events: (b) => b.purchases }),
  eventTable({ table: 'transfer', columns: TRANSFER, events: (b) => b.transfers }),
  eventTable({ table: 'bonus', columns: BONUS, events: (b) => b.bonuses }),
];

/** The rows a batch writes into each event table, column by column (the benchmark COPYs the same rows). */
export interface EventTableRows {
  table: string;
  /** Column names after cid, with their PostgreSQL types. */
  columns: { name: string; type: string }[];
  /** One array per column, one value per event. */
  values: unknown[][];
}

export function eventTableRows(batch: StoredBatch): EventTableRows[] {
  return EVENT_TABLES.map(({ table, columns, events }) => {
    const list = events(batch);
    return {
      table,
      columns: [...COMMON, ...columns].map(([name, type]) => ({ name, type })),
      values: [...COMMON, ...columns].map(([, , value]) => list.map(value)),
    };
  }).filter((rows) => (rows.values[0]?.length ?? 0) > 0);
}

const NUMERIC_TYPES = new Set(['numeric', 'int', 'int8', 'float8']);
const arrayLiteral = (type: string, values: unknown[]) =>
  NUMERIC_TYPES.has(type)
    ? numberArrayLiteral(values as (number | string | null)[], type)
    : textArrayLiteral(values as (string | boolean | null)[], type);

/** More than three fractional digits: a time `Date.parse` (milliseconds) does not hold exactly. */
const SUB_MILLISECOND = /\.\d{4}/;

/**
 * The statements writing a batch's rows: one `INSERT … SELECT FROM unnest(…)` per event table with
 * events, and the ledger rows of every event but bets. Plain inserts: the batch holds new ids only
 * (`storedIdsStatement` under the lock); the unique indexes refuse anything else.
 *
 * `at` goes as epoch milliseconds when no event of the batch has a finer time (the contract's format is
 * one `Date.parse` reads exactly): PostgreSQL reads an integer array several times faster than
 * timestamp text, and every event has one. Otherwise as the text sent, to the microsecond.
 */
export class EventInserts {
  private readonly c: number;
  private readonly inMs: boolean;

  constructor(
    cid: number,
    private readonly batch: StoredBatch,
  ) {
    this.c = cidLiteral(cid);
    this.inMs = !batch.events.some((e) => SUB_MILLISECOND.test(e.at));
  }

  /**
   * The bets alone, to be written before the company's lock is taken (so that this runs while the
   * company's previous transaction does). A bet whose id is stored already makes it fail
   * (`isStoredBetError`; after waiting for the outcome of an uncommitted one). Undefined without bets.
   */
  bets(): string | undefined {
    return this.insert(BET_TABLE);
  }

  /** Every statement, without the bets when `betsApart` (written first by `bets`). */
  all(betsApart: boolean): string[] {
    const statements = EVENT_TABLES.filter((t) => !(betsApart && t === BET_TABLE)).flatMap((t) => this.insert(t) ?? []);
    const others = this.batch.events.filter((e) => e.type !== 'bet');
    if (others.length > 0) {
      statements.push(
        `INSERT INTO ingest_event (cid, id, type, at, member_id)
       SELECT ${this.c}, u.id, u.type, ${this.readAt}, u.member_id
         FROM unnest(${textArrayLiteral(others.map((e) => e.id))}, ${textArrayLiteral(others.map((e) => e.type))}, ${this.at(others)},
                     ${textArrayLiteral(others.map((e) => e.memberId))}) AS u(id, type, at, member_id)`,
      );
    }
    return statements;
  }

  private get readAt(): string {
    return this.inMs ? 'to_timestamp(u.at / 1000.0)' : 'u.at';
  }

  private at(events: StoredEvent[]): string {
    return this.inMs
      ? numberArrayLiteral(
          events.map((e) => e.atMs),
          'int8',
        )
      : textArrayLiteral(
          events.map((e) => e.at),
          'timestamptz',
        );
  }

  private insert({ table, columns, events }: EventTable<StoredEvent>): string | undefined {
    const list = events(this.batch);
    if (list.length === 0) return undefined;
    const arrays = [
      textArrayLiteral(list.map((e) => e.memberId)),
      this.at(list),
      textArrayLiteral(list.map((e) => e.id)),
      ...columns.map(([, type, value]) => arrayLiteral(type, list.map(value))),
    ];
    const names = ['member_id', 'at', 'id', ...columns.map(([name]) => name)];
    return `INSERT INTO ${table} (cid, ${names.join(', ')})
       SELECT ${this.c}, ${names.map((n) => (n === 'at' ? this.readAt : `u.${n}`)).join(', ')}
         FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')})`;
  }
}
