/**
 * An exact running sum of doubles (Shewchuk's partials, as in Python's `math.fsum`). Values can be added
 * and removed (added negated) in any order and `value()` is always the correctly rounded exact total, so
 * a sliding window gives bit-for-bit the same figure as summing its events from scratch, whatever the
 * order they arrived in. A plain running `+=`/`-=` drifts (0.1 + 0.2 − 0.1 ≠ 0.2), which would make
 * thresholds and evidence depend on arrival order.
 */
export class ExactSum {
  private partials: number[] = [];

  add(value: number): void {
    const partials = this.partials;
    let x = value;
    let kept = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j] as number;
      if (Math.abs(x) < Math.abs(y)) {
        const larger = y;
        y = x;
        x = larger;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[kept++] = lo;
      x = hi;
    }
    // partials[kept..] = [x], without resizing the array in the common case of an unchanged length.
    partials[kept] = x;
    if (x !== 0) kept++;
    if (partials.length > kept) partials.length = kept;
  }

  value(): number {
    return roundPartials(this.partials);
  }

  reset(): void {
    this.partials.length = 0;
  }
}

/** The correctly rounded sum of `values`. */
export function exactSum(values: Iterable<number>): number {
  const sum = new ExactSum();
  for (const value of values) sum.add(value);
  return sum.value();
}

/** Sum non-overlapping partials (ascending magnitude) from the top, with the half-even fix-up of fsum. */
function roundPartials(partials: readonly number[]): number {
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n] as number;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n] as number;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  const below = n > 0 ? (partials[n - 1] as number) : 0;
  if ((lo < 0 && below < 0) || (lo > 0 && below > 0)) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi + 0; // never -0
}
