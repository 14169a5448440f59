import type { AlertType, ComparisonOperator } from '@pitboss/contract';

/**
 * An ingest event as the engine sees it: validated, its time parsed to epoch milliseconds, and top-ups
 * and transfers converted to the company's base currency (`baseAmount`, null when no rate is known).
 * Build it with `toEngineEvent`.
 */
export type EngineEvent =
  | { type: 'bet'; id: string; time: number; memberId: string; stake: number; payout: number }
  | { type: 'login'; id: string; time: number; memberId: string; ip: string; device?: string; success: boolean }
  | { type: 'register'; id: string; time: number; memberId: string; ip: string; device?: string }
  | { type: 'purchase'; id: string; time: number; memberId: string; baseAmount: number | null }
  | { type: 'transfer'; id: string; time: number; memberId: string; baseAmount: number | null }
  | { type: 'bonus'; id: string; time: number; memberId: string; points: number };

export type SubjectKind = 'member' | 'ip' | 'device';
export interface Subject {
  kind: SubjectKind;
  id: string;
}

/** Who raises no alert: whitelisted members and IPs (see `createWhitelist`). Devices have no whitelist. */
export interface Exemptions {
  isMemberExempt(memberId: string): boolean;
  isIpExempt(ip: string): boolean;
}

export interface Alert {
  /** The rule's EventID. */
  ruleId: number;
  eventType: AlertType;
  level: 1 | 2 | 3;
  subject: Subject;
  /** The measured value: ratio, streak length, distinct members, or total in base currency / points. */
  value: number;
  /** The raised level's threshold; null for the `any` operator. */
  threshold: number | null;
  op: ComparisonOperator;
  minSample: number;
  /** Events of the subject counted in the window (bets, successful logins, registrations, …). */
  sample: number;
  /** The window is (windowStart, windowEnd]: an event exactly at windowStart is outside. UTC ISO 8601. */
  windowStart: string;
  windowEnd: string;
  /** Time of the event that raised it (= windowEnd). */
  at: string;
  /** Id of the event that raised it. */
  eventId: string;
  /** The events behind the value, oldest first, at most `evidenceCap` (the newest are kept). */
  eventIds: string[];
  /** How many events are behind the value (eventIds may hold fewer). */
  eventCount: number;
}

export interface EngineOptions {
  /**
   * How far behind its subject's newest event an event may arrive and still be evaluated exactly
   * (default 1 hour). See README "Late and out-of-order events".
   */
  subjectLatenessMs?: number;
  /** How far behind the rule's newest event (any subject) an event may arrive (default 1 day). */
  ruleLatenessMs?: number;
  /** Most event ids kept as an alert's evidence (default 200). */
  evidenceCap?: number;
  /** When true, `process` refuses events whose state was not `load`ed first (the server's mode). */
  lazy?: boolean;
}
