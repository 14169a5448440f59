import type { EngineEvent } from '../types';

/** Builders for readable tests: times are minutes after 2026-11-22 00:00 UTC. */
export const T0 = Date.parse('2026-11-22T00:00:00Z');
export const minute = (m: number) => T0 + m * 60_000;
let next = 0;
const id = (prefix: string) => `${prefix}${String(++next).padStart(6, '0')}`;

export const bet = (memberId: string, m: number, stake: number, payout: number): EngineEvent => ({
  type: 'bet',
  id: id('b'),
  time: minute(m),
  memberId,
  stake,
  payout,
});
export const login = (memberId: string, m: number, ip: string, success = true): EngineEvent => ({
  type: 'login',
  id: id('l'),
  time: minute(m),
  memberId,
  ip,
  success,
});
export const register = (memberId: string, m: number, ip: string, device?: string): EngineEvent => ({
  type: 'register',
  id: id('r'),
  time: minute(m),
  memberId,
  ip,
  device,
});
export const purchase = (memberId: string, m: number, baseAmount: number | null): EngineEvent => ({
  type: 'purchase',
  id: id('p'),
  time: minute(m),
  memberId,
  baseAmount,
});
export const transfer = (memberId: string, m: number, baseAmount: number | null): EngineEvent => ({
  type: 'transfer',
  id: id('t'),
  time: minute(m),
  memberId,
  baseAmount,
});
export const bonus = (memberId: string, m: number, points: number): EngineEvent => ({
  type: 'bonus',
  id: id('x'),
  time: minute(m),
  memberId,
  points,
});
