import { EVENT_TYPES } from '@pitboss/contract';
import { IngestEvent } from '@pitboss/contract/schemas';
import fc from 'fast-check';

/**
 * Random ingest events near the contract's edges, for checking the compiled event schema against zod's runtime: valid
 * events of every type, and the same with a few fields broken, removed, added or inherited.
 */

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ascii = (minLength: number, maxLength: number) => fc.string({ minLength, maxLength });

/** `fill` repeated: lengths at every limit of the contract, in units that are one or two UTF-16 units. */
const edgeText = fc
  .record({
    length: fc.constantFrom(0, 1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129),
    fill: fc.constantFrom('x', 'x', 'x', 'x', '\u{1F600}', 'é', '\uD800', '\u0000'),
  })
  .map(({ length, fill }) => fill.repeat(length));

const text = fc.oneof(edgeText, ascii(0, 140), fc.string({ unit: 'binary', maxLength: 70 }));

const number = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e-300, 999.5, 1000, 1001, 1e21, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1),
  fc.integer({ min: -5, max: 1005 }),
  fc.double(),
);

/** ISO timestamps, well-formed or not: every part may leave its range, the offset may be missing. */
const offset = fc
  .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`);
const anyTimestamp = fc
  .record({
    year: fc.oneof(
      fc.integer({ min: 1970, max: 2100 }),
      fc.integer({ min: 0, max: 9999 }),
      fc.constantFrom(1900, 2000),
    ),
    month: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) }, fc.integer({ min: 0, max: 13 })),
    day: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 28 }) }, fc.integer({ min: 0, max: 32 })),
    hour: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 23 }) }, fc.integer({ min: 0, max: 25 })),
    minute: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 59 }) }, fc.integer({ min: 0, max: 61 })),
    second: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0, max: 59 }).map((s) => `:${pad(s, 2)}`) },
      fc.constantFrom('', ':60', ':61'),
    ),
    fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{1,20}$/), fc.constantFrom('.', ',5')),
    separator: fc.constantFrom('T', 'T', 'T', 't', ' '),
    zone: fc.oneof(
      fc.constant('Z'),
      offset,
      fc.constantFrom('', 'z', '+0800', '+08', '+24:00', '-00:00', '+08:60', 'UTC', 'Z\n'),
    ),
  })
  .map(
    (p) =>
      `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}${p.separator}` +
      `${pad(p.hour, 2)}:${pad(p.minute, 2)}${p.second}${p.fraction}${p.zone}`,
  );
const validTimestamp = fc
  .tuple(
    fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+08:00', '-05:30', '+00:00', '-00:00'),
    fc.constantFrom('', '.1', '.123', '.123456789012'),
  )
  .map(([date, zone, fraction]) => `${date.toISOString().slice(0, 19)}${fraction}${zone}`);
const timestamp = fc.oneof(
  anyTimestamp,
  validTimestamp,
  // Years past 9999 come out of toISOString as `+010000-…`.
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-02-30T00:00:00Z', '2024-02-29T00:00:00Z', '2100-02-29T00:00:00Z', '2000-02-29T12:00:00Z'),
);

const octet = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map(String),
  fc.integer({ min: 0, max: 300 }).map(String),
  fc.integer({ min: 0, max: 99 }).map((n) => `0${n}`),
  fc.constantFrom('', '0x1f', ' 1', '1 '),
);
const ip = fc.oneof(
  { weight: 3, arbitrary: fc.ipV4() },
  fc.array(octet, { minLength: 3, maxLength: 5 }).map((parts) => parts.join('.')),
  fc.ipV4Extended(),
  { weight: 3, arbitrary: fc.ipV6() },
  fc.ipV6().map((s) => s.toUpperCase()),
  fc.ipV6().chain((s) => fc.constantFrom(`${s}%eth0`, `[${s}]`, `${s}\n`, ` ${s}`, `${s}:1`)),
  fc.constantFrom('::', '::1', '::ffff:1.2.3.4', '::ffff:01.2.3.4', '1::2::3', ':::', 'gggg::1', '::@1\\', '::1\t'),
  fc.constantFrom('1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::', '::1.2.3.4', 'fe80::1%25en0', '2001:db8:0:0:0:0:2:1'),
);

const currency = fc.oneof(
  fc.constantFrom('USD', 'TWD', 'USDT', 'USDC', 'EUR', 'usd', 'Usd', 'US1', 'USD\n', ' USD'),
  fc.stringMatching(/^[A-Za-z]{2,6}$/),
  fc.stringMatching(/^[A-Z]{2,6}$/),
);

/** Anything at all: wrong types for every field, and whole items that are not events. */
const anything = fc.oneof(
  fc.constantFrom(null, undefined, true, false, '', '0', 'true', 'null', [], {}),
  text,
  number,
  fc.anything({ maxDepth: 1 }),
);

/** Values tried for each field: mostly ones of the right kind near its limits, sometimes anything. */
const NEAR: Record<string, fc.Arbitrary<unknown>> = {
  type: fc.constantFrom(...EVENT_TYPES, 'Bet', 'withdrawal', ''),
  at: timestamp,
  ip,
  currency,
  success: fc.constantFrom(true, false, 'true', 'false', 0, 1, null),
  direction: fc.constantFrom('in', 'out', 'IN', 'Out', '', 'inout', ' in'),
  stake: number,
  payout: number,
  amount: number,
  points: number,
  vipLevel: number,
};

/** Other fields are text: mostly at the contract's length limits. */
const nearText = fc.oneof({ weight: 3, arbitrary: edgeText }, text);

const nearValue = (key: string) => fc.oneof({ weight: 4, arbitrary: NEAR[key] ?? nearText }, anything);

// ── valid events ──────────────────────────────────────────────────────────

const id = ascii(1, 64);
const money = fc.oneof(fc.double({ min: 0, max: 1e12, noNaN: true }), fc.integer({ min: 0, max: 100_000 }));
const positive = fc.oneof(fc.double({ min: 1e-9, max: 1e12, noNaN: true }), fc.integer({ min: 1, max: 100_000 }));
const validIp = fc.oneof(fc.ipV4(), fc.ipV6());
const validCurrency = fc.oneof(fc.constantFrom('USD', 'TWD', 'USDT'), fc.stringMatching(/^[A-Z]{3,5}$/));
const base = { id, at: validTimestamp, memberId: id };
const BASE_KEYS = ['type', 'id', 'at', 'memberId'] as const;

/** Valid events of every type (ASCII text only: zod measures in code points, the fast path in units). */
export const validEventArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    {
      type: fc.constant('bet'),
      ...base,
      gameId: id,
      roundId: id,
      stake: money,
      payout: money,
      currency: validCurrency,
      side: ascii(1, 32),
      gameType: ascii(1, 32),
      customerId: id,
    },
    { requiredKeys: [...BASE_KEYS, 'gameId', 'roundId', 'stake', 'payout', 'currency'] },
  ),
  fc.record(
    { type: fc.constant('login'), ...base, ip: validIp, device: ascii(1, 128), success: fc.boolean() },
    { requiredKeys: [...BASE_KEYS, 'ip'] },
  ),
  fc.record(
    {
      type: fc.constant('register'),
      ...base,
      ip: validIp,
      device: ascii(1, 128),
      nickName: ascii(0, 64),
      account: ascii(0, 64),
      mobile: ascii(0, 32),
      vipLevel: fc.integer({ min: 0, max: 1000 }),
    },
    { requiredKeys: [...BASE_KEYS, 'ip'] },
  ),
  fc.record(
    {
      type: fc.constant('purchase'),
      ...base,
      amount: positive,
      currency: validCurrency,
      platform: ascii(1, 64),
      paymentName: ascii(1, 64),
      category: ascii(1, 64),
    },
    { requiredKeys: [...BASE_KEYS, 'amount', 'currency'] },
  ),
  fc.record(
    {
      type: fc.constant('transfer'),
      ...base,
      amount: positive,
      currency: validCurrency,
      direction: fc.constantFrom('in', 'out'),
      counterpartyId: id,
    },
    { requiredKeys: [...BASE_KEYS, 'amount', 'currency', 'direction'] },
  ),
  fc.record(
    { type: fc.constant('bonus'), ...base, points: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { requiredKeys: [...BASE_KEYS, 'points'] },
  ),
);

// ── mutations ─────────────────────────────────────────────────────────────

const KEYS_OF = new Map<string, string[]>(
  IngestEvent.options.map((option) => [option.shape.type.value, Object.keys(option.shape)]),
);
const CONTRACT_KEYS = [...new Set([...KEYS_OF.values()].flat())];
const EXTRA_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'extra', 'Type', 'ID', ''];

type Mutation =
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'delete' | 'inherit'; key: string }
  | { kind: 'nullPrototype' };

/** Mutations of an event of this type: mostly of its own fields, sometimes of another type's. */
function mutationArb(type: string): fc.Arbitrary<Mutation> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(KEYS_OF.get(type) ?? [])) },
    fc.constantFrom(...CONTRACT_KEYS),
  );
  return fc.oneof(
    { weight: 8, arbitrary: key.chain((k) => nearValue(k).map((value) => ({ kind: 'set' as const, key: k, value }))) },
    fc.record({ kind: fc.constant('set' as const), key, value: fc.constant(undefined) }),
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string()),
      value: anything,
    }),
    fc.record({ kind: fc.constantFrom('delete' as const, 'inherit' as const), key }),
    fc.constant({ kind: 'nullPrototype' as const }),
  );
}

function mutate(event: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  let copy: Record<string, unknown> = { ...event };
  for (const m of mutations) {
    if (m.kind === 'nullPrototype') {
      copy = Object.assign(Object.create(null), copy);
    } else if (m.kind === 'set') {
      // defineProperty, so that `__proto__` becomes an own key as JSON.parse makes it.
      Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    } else if (m.kind === 'delete') {
      delete copy[m.key];
    } else if (Object.hasOwn(copy, m.key)) {
      // The key moves to the prototype: zod reads inherited keys, so the fast path must agree.
      const proto = Object.create(Object.getPrototypeOf(copy));
      proto[m.key] = copy[m.key];
      delete copy[m.key];
      Object.setPrototypeOf(copy, proto);
    }
  }
  return copy;
}

/** Items near the contract: mostly valid events with up to three mutations, sometimes anything. */
export const nearEventArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: anything },
  {
    weight: 12,
    arbitrary: validEventArb.chain((event) =>
      fc.array(mutationArb(String(event.type)), { minLength: 0, maxLength: 3 }).map((m) => mutate(event, m)),
    ),
  },
);
