import type { Sql } from '../../../db/database';
import { add, type Decimal, multiply, toDecimal } from '../decimal';
import type { IngestProcessor } from '../ingest.pipeline';
import { hourBit, hourOfBit } from '../local-time';
import type { StoredBatch } from '../stored-batch';
import { findNewRounds } from './rollup.repository';
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
import {
  RollupAccumulator,
  type RollupSpec,
  type RollupValues,
  writeRollup,
  writeRollupDetectingNew,
} from './rollup-table';

const accumulator = (spec: RollupSpec) => new RollupAccumulator(spec, blankRow(spec));

function inc(values: RollupValues, column: string, by = 1): void {
  values[column] = (values[column] as number) + by;
}
function sum(values: RollupValues, column: string, amount: Decimal): void {
  values[column] = add(values[column] as Decimal, amount);
}
function earliest(values: RollupValues, column: string, ms: number): void {
  if (ms < (values[column] as number)) values[column] = ms;
}
function latest(values: RollupValues, column: string, ms: number): void {
  if (ms > (values[column] as number)) values[column] = ms;
}

/** Money as sent and in base currency; `base` is null when no rate covered the event's day. */
interface Money {
  sent: Decimal;
  base: Decimal | null;
}
function money(amount: number, rate: string | null): Money {
  const sent = toDecimal(amount);
  if (rate === null) return { sent, base: null };
  return { sent, base: rate === '1' ? sent : multiply(sent, toDecimal(rate)) };
}

function addMoney(values: RollupValues, sentColumn: string, baseColumn: string, amount: Money): void {
  sum(values, sentColumn, amount.sent);
  if (amount.base) sum(values, baseColumn, amount.base);
}

function isBitSet(mask: number, bit: number): boolean {
  return Math.floor(mask / 2 ** bit) % 2 === 1;
}

/**
 * Maintains the rollup tables (migration 0103) in the ingest transaction from the events a batch
 * newly stored. Amounts add up exactly (decimal arithmetic); rounds and players are distinct counts,
 * decided against what is already stored, which the company's ingest lock keeps race-free.
 */
export const rollupProcessor: IngestProcessor = {
  name: 'rollups',
  async process(sql: Sql, batch: StoredBatch): Promise<void> {
    const cid = batch.company.cid;
    const memberHour = accumulator(MEMBER_HOUR);
    const memberDay = accumulator(MEMBER_DAY);
    const gameHour = accumulator(GAME_HOUR);
    const gameDay = accumulator(GAME_DAY);
    const gameMemberDay = accumulator(GAME_MEMBER_DAY);
    const ipDay = accumulator(IP_DAY);
    const ipMemberDay = accumulator(IP_MEMBER_DAY);
    const members = (memberId: string, hourMs: number, day: string) => [
      memberHour.row(memberId, hourMs),
      memberDay.row(memberId, day),
    ];

    const rounds = new Map<
      string,
      { gameId: string; roundId: string; bets: number; atMs: number; hourMs: number; day: string }
    >();
    for (const bet of batch.bets) {
      const stake = money(bet.stake, bet.rate);
      const payout = money(bet.payout, bet.rate);
      const win = bet.payout > bet.stake ? 1 : 0;
      const converted = stake.base !== null;
      const gm = gameMemberDay.row(bet.gameId, bet.day, bet.memberId);
      const games = [gameHour.row(bet.gameId, bet.hourMs), gameDay.row(bet.gameId, bet.day)];
      for (const values of [...members(bet.memberId, bet.hourMs, bet.day), ...games, gm]) {
        inc(values, 'bets');
        inc(values, 'wins', win);
        addMoney(values, 'stake', 'stake_base', stake);
        addMoney(values, 'payout', 'payout_base', payout);
        if (!converted) inc(values, 'unconverted');
      }
      if (converted && bet.stakeBase !== null && bet.payoutBase !== null) {
        for (const values of games) {
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
        rounds.set(roundKey, {
          gameId: bet.gameId,
          roundId: bet.roundId,
          bets: 1,
          atMs: bet.atMs,
          hourMs: bet.hourMs,
          day: bet.day,
        });
      } else {
        round.bets++;
        if (bet.atMs < round.atMs) Object.assign(round, { atMs: bet.atMs, hourMs: bet.hourMs, day: bet.day });
      }
    }

    for (const purchase of batch.purchases) {
      const amount = money(purchase.amount, purchase.rate);
      for (const values of members(purchase.memberId, purchase.hourMs, purchase.day)) {
        inc(values, 'purchases');
        addMoney(values, 'purchase_amount', 'purchase_base', amount);
        if (!amount.base) inc(values, 'unconverted');
      }
    }
    for (const transfer of batch.transfers) {
      const amount = money(transfer.amount, transfer.rate);
      const way = transfer.direction;
      for (const values of members(transfer.memberId, transfer.hourMs, transfer.day)) {
        inc(values, `transfers_${way}`);
        addMoney(values, `transfer_${way}_amount`, `transfer_${way}_base`, amount);
        if (!amount.base) inc(values, 'unconverted');
      }
    }
    for (const bonus of batch.bonuses) {
      for (const values of members(bonus.memberId, bonus.hourMs, bonus.day)) {
        inc(values, 'bonuses');
        sum(values, 'bonus_points', toDecimal(bonus.points));
      }
    }
    for (const login of batch.logins) {
      const column = login.success ? 'logins' : 'failed_logins';
      for (const values of members(login.memberId, login.hourMs, login.day)) inc(values, column);
      const ip = ipMemberDay.row(login.ip, login.day, login.memberId);
      inc(ip, column);
      inc(ipDay.row(login.ip, login.day), column);
      earliest(ip, 'first_at', login.atMs);
      latest(ip, 'last_at', login.atMs);
    }
    for (const registration of batch.registrations) {
      const ip = ipMemberDay.row(registration.ip, registration.day, registration.memberId);
      inc(ip, 'registrations');
      inc(ipDay.row(registration.ip, registration.day), 'registrations');
      earliest(ip, 'first_at', registration.atMs);
      latest(ip, 'last_at', registration.atMs);
    }

    // Distinct counts: rounds this batch opened, members new to a game's hour or day, to an IP's day.
    const roundList = [...rounds.values()];
    for (const position of await findNewRounds(sql, cid, roundList)) {
      const round = roundList[position];
      if (!round) continue;
      inc(gameHour.row(round.gameId, round.hourMs), 'rounds');
      inc(gameDay.row(round.gameId, round.day), 'rounds');
    }
    for (const { row, isNew, old } of await writeRollupDetectingNew(sql, cid, gameMemberDay)) {
      const [gameId, day] = row.key as [string, string, string];
      if (isNew) inc(gameDay.row(gameId, day), 'players');
      const before = Number(old.hours ?? 0);
      const now = row.values.hours as number;
      for (let bit = 0; bit < 50; bit++) {
        if (isBitSet(now, bit) && !isBitSet(before, bit)) inc(gameHour.row(gameId, hourOfBit(day, bit)), 'players');
      }
    }
    for (const { row, isNew } of await writeRollupDetectingNew(sql, cid, ipMemberDay)) {
      const [ip, day] = row.key as [string, string, string];
      if (isNew) inc(ipDay.row(ip, day), 'members');
    }
    await writeRollup(sql, cid, gameHour);
    await writeRollup(sql, cid, gameDay);
    await writeRollup(sql, cid, memberHour);
    await writeRollup(sql, cid, memberDay);
    await writeRollup(sql, cid, ipDay);
  },
};
