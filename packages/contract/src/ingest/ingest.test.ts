import { describe, expect, it } from 'vitest';
import { IngestEvent } from './ingest.schemas';

const bet = {
  type: 'bet',
  id: 'e1',
  at: '2026-11-22T08:00:00+08:00',
  memberId: 'm1',
  gameId: 'g1',
  roundId: 'r1',
  stake: 10,
  payout: 0,
  currency: 'USD',
};

describe('ingest events', () => {
  it('accept a bet and default a login to success', () => {
    expect(IngestEvent.parse(bet)).toMatchObject(bet);
    const login = IngestEvent.parse({
      type: 'login',
      id: 'e2',
      at: '2026-11-22T00:00:00Z',
      memberId: 'm1',
      ip: '1.2.3.4',
    });
    expect(login).toMatchObject({ success: true });
  });

  it.each([
    ['negative stake', { ...bet, stake: -1 }, 'stake'],
    ['time without offset', { ...bet, at: '2026-11-22T08:00:00' }, 'at'],
    ['unparseable time', { ...bet, at: 'yesterday' }, 'at'],
    ['long member id', { ...bet, memberId: 'x'.repeat(65) }, 'memberId'],
    ['missing round', { ...bet, roundId: undefined }, 'roundId'],
    ['bad currency', { ...bet, currency: 'usd' }, 'currency'],
  ])('refuse a %s', (_name, input, field) => {
    const result = IngestEvent.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('refuse a top-up of 0 and an unknown type', () => {
    const purchase = {
      type: 'purchase',
      id: 'p',
      at: '2026-11-22T00:00:00Z',
      memberId: 'm',
      amount: 0,
      currency: 'USD',
    };
    expect(IngestEvent.safeParse(purchase).success).toBe(false);
    expect(IngestEvent.safeParse({ ...bet, type: 'withdrawal' }).success).toBe(false);
  });
});
