/**
 * Exact decimal arithmetic for money on the ingest path: amounts are kept as sent, base amounts are
 * amount × rate, and rollups add them up, all without binary floating-point error (0.1 + 0.2 is 0.3).
 * A value is `mantissa × 10^-scale`.
 */
export interface Decimal {
  readonly m: bigint;
  readonly s: number;
}

export const ZERO: Decimal = { m: 0n, s: 0 };
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const powers: bigint[] = [1n];
function pow10(n: number): bigint {
  for (let i = powers.length; i <= n; i++) powers.push((powers[i - 1] as bigint) * 10n);
  return powers[n] as bigint;
}

/** Parses a finite JS number (by its shortest round-trip text, which is what was sent) or decimal text. */
export function toDecimal(value: number | string): Decimal {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`Not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  let m = BigInt(`${match[2] || '0'}${fraction}`);
  let s = fraction.length - Number(match[4] ?? 0);
  if (s < 0) {
    m *= pow10(-s);
    s = 0;
  }
  return { m: match[1] === '-' ? -m : m, s };
}

export function add(a: Decimal, b: Decimal): Decimal {
  if (a.s === b.s) return { m: a.m + b.m, s: a.s };
  return a.s > b.s ? { m: a.m + b.m * pow10(a.s - b.s), s: a.s } : { m: a.m * pow10(b.s - a.s) + b.m, s: b.s };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { m: a.m * b.m, s: a.s + b.s };
}

/** Plain decimal text without exponent or trailing fractional zeros, as PostgreSQL's numeric reads it. */
export function formatDecimal(d: Decimal): string {
  let { m, s } = d;
  while (s > 0 && m % 10n === 0n) {
    m /= 10n;
    s--;
  }
  const negative = m < 0n;
  const digits = (negative ? -m : m).toString();
  if (s === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(s + 1, '0');
  const text = `${padded.slice(0, padded.length - s)}.${padded.slice(padded.length - s)}`;
  return negative ? `-${text}` : text;
}

/** `amount × rate` as exact text, or null when there is no rate (at rate 1, the amount as sent). */
export function baseAmount(amount: number, rate: string | null): string | null {
  if (rate === null) return null;
  if (rate === '1') return String(amount);
  return formatDecimal(multiply(toDecimal(amount), toDecimal(rate)));
}

const MICRO = 1_000_000;
const SAFE = Number.MAX_SAFE_INTEGER;

/** `n` in millionths when that is exact and safe (at most six decimals, |n| below 9 × 10⁹), else undefined. */
function micros(n: number): number | undefined {
  const scaled = Math.round(n * MICRO);
  return Math.abs(scaled) < SAFE && scaled / MICRO === n ? scaled : undefined;
}

/**
 * An exact running sum of money. Amounts with at most six decimals (cents, the usual case) are added
 * as integer millionths in a plain number, which is fast; anything else (many-decimal rates, huge
 * amounts, or a sum leaving the safe-integer range) moves the sum to BigInt decimals.
 */
export class ExactSum {
  private small = 0;
  private big: Decimal | undefined;

  add(amount: number): void {
    const m = this.big === undefined ? micros(amount) : undefined;
    if (m !== undefined && Math.abs(this.small + m) < SAFE) this.small += m;
    else this.addDecimal(toDecimal(amount));
  }

  addDecimal(amount: Decimal): void {
    this.big = add(this.big ?? { m: BigInt(this.small), s: 6 }, amount);
    this.small = 0;
  }

  get isZero(): boolean {
    return this.big === undefined ? this.small === 0 : this.big.m === 0n;
  }

  toString(): string {
    return this.big === undefined ? microsText(this.small) : formatDecimal(this.big);
  }
}

/**
 * Decimal text of `m` millionths (a safe integer) without BigInt: `%` and the division of an exact
 * multiple are exact on doubles below 2^53, so this is `formatDecimal({ m, s: 6 })`, several times faster
 * (a batch formats thousands of sums).
 */
export function microsText(m: number): string {
  if (m === 0) return '0';
  const magnitude = Math.abs(m);
  const fraction = magnitude % MICRO;
  const whole = (magnitude - fraction) / MICRO;
  let text = String(whole);
  if (fraction !== 0) {
    let digits = String(fraction).padStart(6, '0');
    let end = digits.length;
    while (digits.charCodeAt(end - 1) === 48) end--;
    digits = digits.slice(0, end);
    text = `${text}.${digits}`;
  }
  return m < 0 ? `-${text}` : text;
}
