import { DAY } from '../thresholds';

const EMPTY = new Float64Array(0);

/**
 * Sliding one-day windows per member, exactly as the default rules measure them: every bet's stake
 * and payout (for the ratio), and running totals of top-ups, transfers and bonus points. Money is
 * kept in integer cents so sums stay exact however many events come and go.
 */
export class BetWindow {
  // Allocated on the first bet: most of a large population never bets on a given day.
  private times = EMPTY;
  private stakes = EMPTY;
  private payouts = EMPTY;
  private head = 0;
  private length = 0;
  count = 0;
  stake = 0;
  payout = 0;

  /** Drops bets older than one day before `now`. */
  evict(now: number): void {
    const limit = now - DAY;
    const cap = this.times.length;
    if (cap === 0) return;
    while (this.length > 0 && (this.times[this.head] ?? 0) < limit) {
      this.stake -= this.stakes[this.head] ?? 0;
      this.payout -= this.payouts[this.head] ?? 0;
      this.head = (this.head + 1) % cap;
      this.length--;
    }
    this.count = this.length;
  }

  push(time: number, stake: number, payout: number): void {
    if (this.length === this.times.length) this.grow();
    const i = (this.head + this.length) % this.times.length;
    this.times[i] = time;
    this.stakes[i] = stake;
    this.payouts[i] = payout;
    this.length++;
    this.count = this.length;
    this.stake += stake;
    this.payout += payout;
  }

  /** Payout ÷ stake over the window (0 when nothing was staked). */
  ratio(): number {
    return this.stake > 0 ? this.payout / this.stake : 0;
  }

  private grow(): void {
    const cap = this.times.length;
    const next = Math.max(64, cap * 2);
    const times = new Float64Array(next);
    const stakes = new Float64Array(next);
    const payouts = new Float64Array(next);
    for (let k = 0; k < this.length; k++) {
      const i = (this.head + k) % cap;
      times[k] = this.times[i] ?? 0;
      stakes[k] = this.stakes[i] ?? 0;
      payouts[k] = this.payouts[i] ?? 0;
    }
    this.times = times;
    this.stakes = stakes;
    this.payouts = payouts;
    this.head = 0;
  }
}

export class SumWindow {
  private times: number[] = [];
  private amounts: number[] = [];
  private head = 0;
  total = 0;

  evict(now: number): void {
    const limit = now - DAY;
    while (this.head < this.times.length && (this.times[this.head] ?? 0) < limit) {
      this.total -= this.amounts[this.head] ?? 0;
      this.head++;
    }
    if (this.head > 64 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.amounts = this.amounts.slice(this.head);
      this.head = 0;
    }
  }

  push(time: number, amount: number): void {
    this.times.push(time);
    this.amounts.push(amount);
    this.total += amount;
  }
}
