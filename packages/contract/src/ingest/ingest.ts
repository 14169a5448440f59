/**
 * Limits and event types of the ingest contract of DESIGN §4 (schemas in `ingest.schemas.ts`).
 * `POST /api/v2/ingest/events` takes a JSON array of events, or NDJSON, at most 10,000 events or 10 MiB.
 */
export const INGEST_MAX_EVENTS = 10_000;
export const INGEST_MAX_BYTES = 10 * 1024 * 1024;
export const ID_MAX_LENGTH = 64;

export const EVENT_TYPES = ['bet', 'login', 'register', 'purchase', 'transfer', 'bonus'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
