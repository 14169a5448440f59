import { describe, expect, it } from 'vitest';
import { add, baseAmount, formatDecimal, multiply, toDecimal } from './decimal';

describe('decimal', () => {
  it.each([
    [0.1, '0.1'],
    [12.34, '12.34'],
    [-5.5, '-5.5'],
    [1e-7, '0.0000001'],
    [1.5e21, '1500000000000000000000'],
    [0, '0'],
    ['31.2500000000', '31.25'],
    ['-0.00120', '-0.0012'],
  ])('reads %s as %s', (input, text) => {
    expect(formatDecimal(toDecimal(input))).toBe(text);
  });

  it('adds without binary error', () => {
    expect(formatDecimal(add(toDecimal(0.1), toDecimal(0.2)))).toBe('0.3');
    let sum = toDecimal(0);
    for (let i = 0; i < 1000; i++) sum = add(sum, toDecimal(0.01));
    expect(formatDecimal(sum)).toBe('10');
    expect(formatDecimal(add(toDecimal(-1.25), toDecimal(1)))).toBe('-0.25');
  });

  it('multiplies exactly', () => {
    expect(formatDecimal(multiply(toDecimal(10.1), toDecimal('1.0837654321')))).toBe('10.94603086421');
    expect(baseAmount(3000, '0.0312')).toBe('93.6');
    expect(baseAmount(12.5, '1')).toBe('12.5');
    expect(baseAmount(12.5, null)).toBeNull();
  });

  it('refuses text that is not a number', () => {
    expect(() => toDecimal('abc')).toThrow();
    expect(() => toDecimal('.')).toThrow();
  });
});

describe('exact sums', () => {
  it('add cents exactly and fall back to decimals when they must', async () => {
    const { ExactSum } = await import('./decimal');
    const cents = new ExactSum();
    for (let i = 0; i < 1000; i++) cents.add(0.01);
    cents.add(0.1);
    cents.add(0.2);
    expect(cents.toString()).toBe('10.3');
    const fine = new ExactSum();
    fine.add(12.5);
    fine.add(1e-7);
    fine.addDecimal(toDecimal('10.94603086421'));
    expect(fine.toString()).toBe('23.44603096421');
    const huge = new ExactSum();
    huge.add(8e9);
    huge.add(8e9);
    huge.add(1.5e21);
    expect(huge.toString()).toBe('1500000000016000000000');
    expect(new ExactSum().isZero).toBe(true);
  });
});

describe('millionths as text', () => {
  it('match the BigInt formatting for any safe integer', async () => {
    const { microsText } = await import('./decimal');
    const edges = [0, 1, -1, 999_999, 1_000_000, 1_000_001, 10_000_000, -120_000, 2 ** 53 - 1, -(2 ** 53 - 1)];
    const samples = [...edges, 8_999_999_999_999_999];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 20_000; i++) {
      const digits = 1 + Math.floor(next() * 16);
      const m = Math.floor(next() * 10 ** digits) * (next() < 0.3 ? -1 : 1);
      if (Number.isSafeInteger(m)) samples.push(m);
    }
    for (const m of samples) expect(microsText(m), String(m)).toBe(formatDecimal({ m: BigInt(m), s: 6 }));
  });
});
