import { IngestEvent } from '@pitboss/contract/schemas';
import { describe, expect, it } from 'vitest';
import { toEngineEvent } from './to-engine-event';

describe('toEngineEvent', () => {
  it('parses the time with its offset and keeps what the detectors measure', () => {
    const bet = IngestEvent.parse({
      type: 'bet',
      id: 'e1',
      at: '2026-11-22T08:00:00.250+08:00',
      memberId: 'm1',
      gameId: 'g',
      roundId: 'r',
      stake: 10,
      payout: 25,
      currency: 'USD',
    });
    expect(toEngineEvent(bet)).toEqual({
      type: 'bet',
      id: 'e1',
      time: Date.parse('2026-11-22T00:00:00.250Z'),
      memberId: 'm1',
      stake: 10,
      payout: 25,
    });
  });

  it('carries the amount in base currency, or null without a rate', () => {
    const purchase = IngestEvent.parse({
      type: 'purchase',
      id: 'p',
      at: '2026-11-22T00:00:00Z',
      memberId: 'm',
      amount: 5,
      currency: 'EUR',
    });
    expect(toEngineEvent(purchase, 5.4)).toMatchObject({ type: 'purchase', baseAmount: 5.4 });
    expect(toEngineEvent(purchase)).toMatchObject({ baseAmount: null });
    const login = IngestEvent.parse({ type: 'login', id: 'l', at: '2026-11-22T00:00:00Z', memberId: 'm', ip: '::1' });
    expect(toEngineEvent(login)).toMatchObject({ type: 'login', ip: '::1', success: true });
  });

  it('takes a stored time in epoch milliseconds as it is, and drops a missing device', () => {
    const stored = {
      type: 'login',
      id: 'l',
      atMs: 1_700_000_000_123,
      memberId: 'm',
      ip: '10.0.0.1',
      device: null,
      success: false,
    } as const;
    expect(toEngineEvent(stored)).toEqual({
      type: 'login',
      id: 'l',
      time: 1_700_000_000_123,
      memberId: 'm',
      ip: '10.0.0.1',
      success: false,
    });
    expect(toEngineEvent({ type: 'register', id: 'r', atMs: 5, memberId: 'm', ip: '::1', device: 'd' })).toMatchObject({
      device: 'd',
    });
  });
});
