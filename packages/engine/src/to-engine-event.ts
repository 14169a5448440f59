import type { EngineEvent } from './types';

type When = { id: string; memberId: string } & (
  | { /** Epoch milliseconds, as stored. */ atMs: number }
  | { /** ISO 8601 with an offset, as sent. */ at: string }
);

/**
 * What an engine event is built from: a validated ingest event (`at` as sent), a stored one (`atMs`
 * derived at ingest), or a row of an event table read back (`atMs` from the database). Devices are
 * optional; a null one (a table's NULL) is none.
 */
export type EngineEventSource = When &
  (
    | { type: 'bet'; stake: number; payout: number }
    | { type: 'login'; ip: string; device?: string | null | undefined; success: boolean }
    | { type: 'register'; ip: string; device?: string | null | undefined }
    | { type: 'purchase' | 'transfer' }
    | { type: 'bonus'; points: number }
  );

/**
 * The one way to build the engine's view of an event, live and on replay. `baseAmount` is a top-up's or
 * transfer's amount in the company's base currency (null when no rate is known: the event then counts in
 * no total); other types ignore it. Times keep millisecond precision.
 */
export function toEngineEvent(event: EngineEventSource, baseAmount: number | null = null): EngineEvent {
  const base = { id: event.id, time: 'atMs' in event ? event.atMs : Date.parse(event.at), memberId: event.memberId };
  switch (event.type) {
    case 'bet':
      return { type: 'bet', ...base, stake: event.stake, payout: event.payout };
    case 'login':
      return { type: 'login', ...base, ip: event.ip, ...deviceOf(event.device), success: event.success };
    case 'register':
      return { type: 'register', ...base, ip: event.ip, ...deviceOf(event.device) };
    case 'purchase':
    case 'transfer':
      return { type: event.type, ...base, baseAmount };
    case 'bonus':
      return { type: 'bonus', ...base, points: event.points };
  }
}

function deviceOf(device: string | null | undefined): { device?: string } {
  return device === null || device === undefined ? {} : { device };
}
