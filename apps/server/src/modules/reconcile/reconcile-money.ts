/**
 * Exact money of a reconciliation, pure: amounts as integers of the currency's minor units (bigint),
 * conversions from the company base currency with decimal rates, rounding half away from zero. No
 * float ever decides a cent.
 */

/** A decimal text (`-12.5`, `3e-7`, `1.2E+3`) as `int / 10^scale`. */
function parseDecimal(value: string | number): { int: bigint; scale: number } {
  const text = String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || `${m[2]}${m[3] ?? ''}` === '') throw new Error(`Not a decimal: ${text}`);
  let scale = (m[3] ?? '').length - Number(m[4] ?? 0);
  let int = BigInt(`${m[2]}${m[3] ?? ''}`);
  if (scale < 0) {
    int *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { int: m[1] === '-' ? -int : int, scale };
}

/** `num / den` rounded half away from zero. */
function divRound(num: bigint, den: bigint): bigint {
  let n = num;
  let d = den;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

/**
 * `amount` of the base currency in a currency worth `rate` units of the base each (the currency
 * module's rates), in minor units of `decimals` digits: amount / rate, rounded.
 */
export function toMinor(amount: string | number, rate: string | number, decimals: number): bigint {
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (r.int === 0n) throw new Error('A rate of 0 converts nothing');
  return divRound(a.int * 10n ** BigInt(r.scale + decimals), r.int * 10n ** BigInt(a.scale));
}

/** Minor units as the number the wire carries (12345n, 2 → 123.45). */
export function fromMinor(minor: bigint, decimals: number): number {
  return Number(minor) / 10 ** decimals;
}

/**
 * Commission due, in minor units: `percent` of the basis (Total = GGR + adjustments, or turnover; a
 * negative basis owes nothing), rounded, never below the minimum fee.
 */
export function commissionDueMinor(
  terms: { basis: 'GGR' | 'Turnover'; percent: string | number; minimumFee: string | number },
  figures: { total: bigint; turnover: bigint },
  decimals: number,
): bigint {
  const basis = terms.basis === 'GGR' ? figures.total : figures.turnover;
  const p = parseDecimal(terms.percent);
  const due = basis > 0n ? divRound(basis * p.int, 100n * 10n ** BigInt(p.scale)) : 0n;
  const minimum = toMinor(terms.minimumFee, 1, decimals);
  return due > minimum ? due : minimum;
}
