import type { Sql } from '../../../db/database';
import { ExactSum, multiply, toDecimal } from '../decimal';
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

/**
 * Adds an amount as sent to `sentColumn` and in base currency to `baseColumn`: at rate 1 the same
 * number, at another rate the exact product, without a rate nothing (the row's `unconverted` counts it).
 */
function addMoney(values: RollupValues, sentColumn: string, baseColumn: string, amount: number, rate: string | null) {
  sumOf(values, sentColumn).add(amount);
  if (rate === '1') sumOf(values, baseColumn).add(amount);
  else if (rate !== null) sumOf(values, baseColumn).addDecimal(multiply(toDecimal(amount), toDecimal(rate)));
  else inc(values, 'unconverted');
}

function isBitSet(mask: number, bit: number): boolean {
  return Math.floor(mask / 2 ** bit) % 2 === 1;
}

/**
 * Maintains the rollup tables (migration 0103) in the ingest transaction from the events a batch
 * newly stored. Amounts add up exactly (ExactSum); rounds and players are distinct counts, decided
 * against what is already stored, which the company's ingest lock keeps race-free.
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

    const rounds = new Map<
      string,
      { gameId: string; roundId: string; bets: number; atMs: number; hourMs: number; day: string }
    >();
    for (const bet of batch.bets) {
      const win = bet.payout > bet.stake ? 1 : 0;
      const gh = gameHour.row(bet.gameId, bet.hourMs);
      const gd = gameDay.row(bet.gameId, bet.day);
      const gm = gameMemberDay.row(bet.gameId, bet.day, bet.memberId);
      for (const values of [
        memberHour.row(bet.memberId, bet.hourMs),
        memberDay.row(bet.memberId, bet.day),
        gh,
        gd,
        gm,
      ]) {
        inc(values, 'bets');
        inc(values, 'wins', win);
        addMoney(values, 'stake', 'stake_base', bet.stake, bet.rate);
        sumOf(values, 'payout').add(bet.payout);
        if (bet.rate === '1') sumOf(values, 'payout_base').add(bet.payout);
        else if (bet.rate !== null)
          sumOf(values, 'payout_base').addDecimal(multiply(toDecimal(bet.payout), toDecimal(bet.rate)));
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
      for (const values of [
        memberHour.row(purchase.memberId, purchase.hourMs),
        memberDay.row(purchase.memberId, purchase.day),
      ]) {
        inc(values, 'purchases');
        addMoney(values, 'purchase_amount', 'purchase_base', purchase.amount, purchase.rate);
      }
    }
    for (const transfer of batch.transfers) {
      const way = transfer.direction;
      for (const values of [
        memberHour.row(transfer.memberId, transfer.hourMs),
        memberDay.row(transfer.memberId, transfer.day),
      ]) {
        inc(values, `transfers_${way}`);
        addMoney(values, `transfer_${way}_amount`, `transfer_${way}_base`, transfer.amount, transfer.rate);
      }
    }
    for (const bonus of batch.bonuses) {
      for (const values of [memberHour.row(bonus.memberId, bonus.hourMs), memberDay.row(bonus.memberId, bonus.day)]) {
        inc(values, 'bonuses');
        sumOf(values, 'bonus_points').add(bonus.points);
      }
    }
    for (const login of batch.logins) {
      const column = login.success ? 'logins' : 'failed_logins';
      inc(memberHour.row(login.memberId, login.hourMs), column);
      inc(memberDay.row(login.memberId, login.day), column);
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
