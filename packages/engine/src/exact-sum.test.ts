import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactSum, exactSum } from './exact-sum';
import { slowExactSum } from './testing/oracle';

const amount = fc.oneof(
  fc.constantFrom(0.1, 0.2, 0.3, 1e-8, 1e8, 12_345.678, -0.1),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((v) => v === 0 || Math.abs(v) > 1e-12),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => cents / 100),
);

describe('ExactSum', () => {
  it('is exact where plain addition drifts', () => {
    expect(0.1 + 0.2 - 0.1).not.toBe(0.2);
    const sum = new ExactSum();
    sum.add(0.1);
    sum.add(0.2);
    sum.add(-0.1);
    expect(sum.value()).toBe(0.2);
    expect(exactSum([1e16, 1, -1e16])).toBe(1);
    expect(exactSum([])).toBe(0);
  });

  it('equals the exact sum rounded once, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 40 }), fc.infiniteStream(fc.nat()), (values, seeds) => {
        const shuffled = [...values].sort(() => (seeds.next().value % 3) - 1);
        expect(exactSum(shuffled)).toBe(slowExactSum(values));
      }),
    );
  });

  it('after removing values, equals the sum of those left', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 30 }), fc.array(amount, { maxLength: 30 }), (kept, removed) => {
        const sum = new ExactSum();
        for (const v of [...removed, ...kept]) sum.add(v);
        for (const v of removed) sum.add(-v);
        expect(sum.value()).toBe(slowExactSum(kept));
      }),
    );
  });
});
