import type { IngestEvent } from '@pitboss/contract';
import type { EngineEvent } from './types';

/**
 * The engine's view of a validated ingest event. `baseAmount` is a top-up's or transfer's amount in the
 * company's base currency (null when no rate is known: the event then counts in no total); other types
 * ignore it. Times keep millisecond precision.
 */
export function toEngineEvent(event: IngestEvent, baseAmount: number | null = null): EngineEvent {
  const base = { id: event.id, time: Date.parse(event.at), memberId: event.memberId };
  switch (event.type) {
    case 'bet':
      return { type: 'bet', ...base, stake: event.stake, payout: event.payout };
    case 'login':
      return { type: 'login', ...base, ip: event.ip, device: event.device, success: event.success };
    case 'register':
      return { type: 'register', ...base, ip: event.ip, device: event.device };
    case 'purchase':
      return { type: 'purchase', ...base, baseAmount };
    case 'transfer':
      return { type: 'transfer', ...base, baseAmount };
    case 'bonus':
      return { type: 'bonus', ...base, points: event.points };
  }
}
