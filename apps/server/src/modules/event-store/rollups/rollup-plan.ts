import type { RoundTrip } from '../../../db/sql';
import { ExactSum, multiply, toDecimal } from '../decimal';
import { hourBit, hourOfBit } from '../local-time';
import type { StoredBatch } from '../stored-batch';
import {
  type DetectedRow,
  type Round,
  rollupDetectingStatement,
  rollupStatements,
  storedRoundsStatement,
} from './rollup.repository';
import { RollupAccumulator, type RollupRow, type RollupSpec, type RollupValues } from './rollup-accumulator';
import {
  blankRow,
  GAME_DAY,
  GAME_HOUR,
  GAME_MEMBER_DAY,
  IP_DAY,
  IP_MEMBER_DAY,
  MEMBER_DAY,
  MEMBER_HOUR,
} from './rollup-specs';

const accumulator = (spec: RollupSpec) => new RollupAccumulator(spec, blankRow(spec));

function inc(values: RollupValues, column: string, by = 1): void {
  values[column] = (values[column] as number) + by;
}
function sumOf(values: RollupValues, column: string): ExactSum {
  let sum = values[column] as ExactSum | null;
  if (!sum) {
    sum = new ExactSum();
    values[column] = sum;
  }
  return sum;
}
function earliest(values: RollupValues, column: string, ms: number): void {
  if (ms < (values[column] as number)) values[column] = ms;
}
function latest(values: RollupValues, column: string, ms: number): void {
  if (ms > (values[column] as number)) values[column] = ms;
}

/** Adds an amount in base currency: at rate 1 the same number, at another the exact product, without a rate nothing. */
function addBase(values: RollupValues, baseColumn: string, amount: number, rate: string | null): void {
  if (rate === '1') sumOf(values, baseColumn).add(amount);
  else if (rate !== null) sumOf(values, baseColumn).addDecimal(multiply(toDecimal(amount), toDecimal(rate)));
}

/**
 * Adds an amount as sent to `sentColumn` and in base currency to `baseColumn` (`addBase`); without a
 * rate, the row's `unconverted` counts it.
 */
function addMoney(values: RollupValues, sentColumn: string, baseColumn: string, amount: number, rate: string | null) {
  sumOf(values, sentColumn).add(amount);
  addBase(values, baseColumn, amount, rate);
  if (rate === null) inc(values, 'unconverted');
}

function isBitSet(mask: number, bit: number): boolean {
  return Math.floor(mask / 2 ** bit) % 2 === 1;
}

/**
 * The rollup rows (migration 0103) a batch adds to, built before its transaction from the events it is
 * expected to store, and written in two round trips of it. Amounts add up exactly (ExactSum). Rounds,
 * players and members are distinct counts, decided against what is already stored (which the company's
 * ingest lock keeps race-free): the first round trip answers which rounds the batch opens (read before
 * its bets are written) and which member-in-game and member-on-IP rows are new or gain hours; the second
 * writes the game and IP rows with those counts added.
 */
export class RollupPlan {
  private readonly memberHour = accumulator(MEMBER_HOUR);
  private readonly memberDay = accumulator(MEMBER_DAY);
  private readonly gameHour = accumulator(GAME_HOUR);
  private readonly gameDay = accumulator(GAME_DAY);
  private readonly gameMemberDay = accumulator(GAME_MEMBER_DAY);
  private readonly ipDay = accumulator(IP_DAY);
  private readonly ipMemberDay = accumulator(IP_MEMBER_DAY);
  private readonly rounds: Round[] = [];
  private readonly gameMemberRows: RollupRow[];
  private readonly ipMemberRows: RollupRow[];

  constructor(batch: StoredBatch) {
    this.addBets(batch);
    this.addMoneyEvents(batch);
    this.addAddresses(batch);
    this.gameMemberRows = this.gameMemberDay.sorted();
    this.ipMemberRows = this.ipMemberDay.sorted();
  }

  /**
   * Adds to `trip` (the batch's write round trip) what must run before the bets are inserted, or after
   * with `betsWritten`: the query for the rounds the batch opens. Its answer is kept for `addGameRows`.
   */
  addBeforeEvents(trip: RoundTrip, cid: number, betsWritten: boolean): void {
    trip.add<{ game_id: string; round_id: string }>(storedRoundsStatement(cid, this.rounds, betsWritten), (rows) => {
      const stored = new Set(rows.map((r) => `${r.game_id}\u0001${r.round_id}`));
      for (const round of this.rounds) {
        if (stored.has(`${round.gameId}\u0001${round.roundId}`)) continue;
        inc(this.gameHour.row(round.gameId, round.hourMs), 'rounds');
        inc(this.gameDay.row(round.gameId, round.day), 'rounds');
      }
    });
  }

  /** Adds the member rows and the member-in-game and member-on-IP rows, whose answers count players and members. */
  addMemberRows(trip: RoundTrip, cid: number): void {
    for (const statement of rollupStatements(cid, this.memberHour)) trip.add(statement);
    for (const statement of rollupStatements(cid, this.memberDay)) trip.add(statement);
    trip.add<DetectedRow>(rollupDetectingStatement(cid, GAME_MEMBER_DAY, this.gameMemberRows, 'hours'), (rows) =>
      this.countPlayers(rows),
    );
    trip.add<DetectedRow>(rollupDetectingStatement(cid, IP_MEMBER_DAY, this.ipMemberRows), (rows) => {
      for (const { ord, is_new } of rows) {
        const row = this.ipMemberRows[ord - 1];
        if (!row || !is_new) continue;
        const [ip, day] = row.key as [string, string, string];
        inc(this.ipDay.row(ip, day), 'members');
      }
    });
  }

  /** Adds the game and IP rows; only after the round trip of `addBeforeEvents` and `addMemberRows` has been read. */
  addGameRows(trip: RoundTrip, cid: number): void {
    for (const rollup of [this.gameHour, this.gameDay, this.ipDay]) {
      for (const statement of rollupStatements(cid, rollup)) trip.add(statement);
    }
  }

  private countPlayers(rows: DetectedRow[]): void {
    for (const { ord, is_new, old } of rows) {
      const row = this.gameMemberRows[ord - 1];
      if (!row) continue;
      const [gameId, day] = row.key as [string, string, string];
      if (is_new) inc(this.gameDay.row(gameId, day), 'players');
      const before = Number(old ?? 0);
      const now = row.values.hours as number;
      for (let bit = 0; bit < 50; bit++) {
        if (isBitSet(now, bit) && !isBitSet(before, bit))
          inc(this.gameHour.row(gameId, hourOfBit(day, bit)), 'players');
      }
    }
  }

  private addBets(batch: StoredBatch): void {
    const rounds = new Map<string, Round>();
    for (const bet of batch.bets) {
      const win = bet.payout > bet.stake ? 1 : 0;
      const gh = this.gameHour.row(bet.gameId, bet.hourMs);
      const gd = this.gameDay.row(bet.gameId, bet.day);
      const gm = this.gameMemberDay.row(bet.gameId, bet.day, bet.memberId);
      const rows = [
        this.memberHour.row(bet.memberId, bet.hourMs),
        this.memberDay.row(bet.memberId, bet.day),
        gh,
        gd,
        gm,
      ];
      for (const values of rows) {
        inc(values, 'bets');
        inc(values, 'wins', win);
        addMoney(values, 'stake', 'stake_base', bet.stake, bet.rate);
        sumOf(values, 'payout').add(bet.payout);
        addBase(values, 'payout_base', bet.payout, bet.rate);
      }
      if (bet.stakeBase !== null && bet.payoutBase !== null) {
        for (const values of [gh, gd]) {
          inc(values, 'stake_sq', bet.stakeBase * bet.stakeBase);
          inc(values, 'payout_sq', bet.payoutBase * bet.payoutBase);
          inc(values, 'stake_payout', bet.stakeBase * bet.payoutBase);
        }
      }
      const bit = hourBit(bet.day, bet.hourMs);
      if (!isBitSet(gm.hours as number, bit)) inc(gm, 'hours', 2 ** bit);
      earliest(gm, 'first_at', bet.atMs);
      latest(gm, 'last_at', bet.atMs);

      const roundKey = `${bet.gameId}\u0001${bet.roundId}`;
      const round = rounds.get(roundKey);
      if (!round) {
        const opened = { gameId: bet.gameId, roundId: bet.roundId, atMs: bet.atMs, hourMs: bet.hourMs, day: bet.day };
        rounds.set(roundKey, opened);
        this.rounds.push(opened);
      } else if (bet.atMs < round.atMs) Object.assign(round, { atMs: bet.atMs, hourMs: bet.hourMs, day: bet.day });
    }
  }

  private addMoneyEvents(batch: StoredBatch): void {
    for (const purchase of batch.purchases) {
      for (const values of [
        this.memberHour.row(purchase.memberId, purchase.hourMs),
        this.memberDay.row(purchase.memberId, purchase.day),
      ]) {
        inc(values, 'purchases');
        addMoney(values, 'purchase_amount', 'purchase_base', purchase.amount, purchase.rate);
      }
    }
    for (const transfer of batch.transfers) {
      const way = transfer.direction;
      for (const values of [
        this.memberHour.row(transfer.memberId, transfer.hourMs),
        this.memberDay.row(transfer.memberId, transfer.day),
      ]) {
        inc(values, `transfers_${way}`);
        addMoney(values, `transfer_${way}_amount`, `transfer_${way}_base`, transfer.amount, transfer.rate);
      }
    }
    for (const bonus of batch.bonuses) {
      for (const values of [
        this.memberHour.row(bonus.memberId, bonus.hourMs),
        this.memberDay.row(bonus.memberId, bonus.day),
      ]) {
        inc(values, 'bonuses');
        sumOf(values, 'bonus_points').add(bonus.points);
      }
    }
  }

  private addAddresses(batch: StoredBatch): void {
    for (const login of batch.logins) {
      const column = login.success ? 'logins' : 'failed_logins';
      inc(this.memberHour.row(login.memberId, login.hourMs), column);
      inc(this.memberDay.row(login.memberId, login.day), column);
      const ip = this.ipMemberDay.row(login.ip, login.day, login.memberId);
      inc(ip, column);
      inc(this.ipDay.row(login.ip, login.day), column);
      earliest(ip, 'first_at', login.atMs);
      latest(ip, 'last_at', login.atMs);
    }
    for (const registration of batch.registrations) {
      const ip = this.ipMemberDay.row(registration.ip, registration.day, registration.memberId);
      inc(ip, 'registrations');
      inc(this.ipDay.row(registration.ip, registration.day), 'registrations');
      earliest(ip, 'first_at', registration.atMs);
      latest(ip, 'last_at', registration.atMs);
    }
  }
}
