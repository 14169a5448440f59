import { z } from 'zod';
import { ALERT_KINDS } from '../alerting/alerting';

/**
 * Every message the server sends over the websocket: one typed map, so that new detectors
 * and screens add a member here and both sides stay in step.
 */
export const ServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('version'), version: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('invalidate'),
    /** Query-key roots the console should refetch, e.g. ['alerts'] */
    keys: z.array(z.string()),
    cid: z.number(),
  }),
  z.object({
    type: z.literal('alert'),
    cid: z.number(),
    /** Which screen's alert: player, game (RTP) or laundering (opposing bets). */
    kind: z.enum(ALERT_KINDS),
    /** True when an alert already shown rose to a higher level (the console replaces its row). */
    escalated: z.boolean().optional(),
    alert: z.record(z.string(), z.unknown()),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

export const ClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type ClientMessage = z.infer<typeof ClientMessage>;
