import { z } from 'zod';
import { ID_MAX_LENGTH, INGEST_MAX_EVENTS } from './ingest';

/**
 * The ingest contract of DESIGN §4 — fixed: operators' platforms integrate against it.
 * `POST /api/v2/ingest/events` takes a JSON array of these, or NDJSON, at most 10,000 events or 10 MiB.
 */

/** ISO 8601 with an explicit offset (`Z` or `±hh:mm`); a time without offset is refused. */
export const IsoTimestamp = z.iso.datetime({ offset: true, precision: undefined });

const Id = z.string().min(1).max(ID_MAX_LENGTH);
/** Upper-case ISO 4217 codes, and the longer crypto codes the currency settings know (USDT, USDC). */
const Currency = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'must be an upper-case currency code such as USD, TWD or USDT')
  .describe('Currency code: ISO 4217 (USD) or a crypto code such as USDT');
const Money = z.number().finite();

const Base = {
  id: Id.describe('Unique within the company; resending the same id is a no-op'),
  at: IsoTimestamp.describe('When it happened, ISO 8601 with offset'),
  memberId: Id.describe("The member's id on the platform"),
};

export const BetEvent = z.object({
  type: z.literal('bet'),
  ...Base,
  gameId: Id,
  roundId: Id,
  stake: Money.min(0),
  payout: Money.min(0).describe('Amount paid back, stake included; 0 = lost'),
  currency: Currency,
  side: z.string().min(1).max(32).optional().describe('Outcome backed: banker, player, big, small, home, away, …'),
  gameType: z.string().min(1).max(32).optional(),
  customerId: Id.optional().describe('For publishers and aggregators: the operator whose player placed the bet'),
});

export const LoginEvent = z.object({
  type: z.literal('login'),
  ...Base,
  ip: z.union([z.ipv4(), z.ipv6()]),
  device: z.string().min(1).max(128).optional(),
  success: z.boolean().default(true),
});

export const RegisterEvent = z.object({
  type: z.literal('register'),
  ...Base,
  ip: z.union([z.ipv4(), z.ipv6()]),
  device: z.string().min(1).max(128).optional(),
  nickName: z.string().max(64).optional(),
  account: z.string().max(64).optional(),
  mobile: z.string().max(32).optional(),
  vipLevel: z.number().int().min(0).max(1000).optional(),
});

export const PurchaseEvent = z.object({
  type: z.literal('purchase'),
  ...Base,
  amount: Money.gt(0),
  currency: Currency,
  platform: z.string().min(1).max(64).optional(),
  paymentName: z.string().min(1).max(64).optional(),
  category: z.string().min(1).max(64).optional(),
});

export const TransferEvent = z.object({
  type: z.literal('transfer'),
  ...Base,
  amount: Money.gt(0),
  currency: Currency,
  direction: z.enum(['in', 'out']),
  counterpartyId: Id.optional(),
});

export const BonusEvent = z.object({
  type: z.literal('bonus'),
  ...Base,
  points: Money,
  category: z.string().min(1).max(64).optional(),
  eventName: z.string().min(1).max(128).optional(),
});

export const IngestEvent = z.discriminatedUnion('type', [
  BetEvent,
  LoginEvent,
  RegisterEvent,
  PurchaseEvent,
  TransferEvent,
  BonusEvent,
]);
export type IngestEvent = z.infer<typeof IngestEvent>;
export type IngestEventInput = z.input<typeof IngestEvent>;
export type BetEvent = z.infer<typeof BetEvent>;
export type LoginEvent = z.infer<typeof LoginEvent>;
export type RegisterEvent = z.infer<typeof RegisterEvent>;
export type PurchaseEvent = z.infer<typeof PurchaseEvent>;
export type TransferEvent = z.infer<typeof TransferEvent>;
export type BonusEvent = z.infer<typeof BonusEvent>;

export const IngestResult = z.object({
  accepted: z.number().describe('Events stored by this call'),
  duplicates: z.number().describe('Events whose id was already stored (no-ops)'),
  tooOld: z
    .number()
    .optional()
    .describe(
      'Present when some events of the batch are older than the replay horizon (PITBOSS_ALERT_REPLAY_DAYS): stored and counted by the check tools, but too old for detection',
    ),
  message: z.string().optional().describe('Present with `tooOld`: what happened, in words'),
});
export type IngestResult = z.infer<typeof IngestResult>;

export const IngestEventError = z.object({
  index: z.number().describe('0-based position of the event in the batch (0-based line number for NDJSON)'),
  message: z.string().describe('Field and reason, e.g. `stake: must be at least 0`'),
  id: z.string().optional().describe("The event's id, when it has a readable one"),
  field: z.string().optional().describe('The offending field, such as `stake`; absent when the whole event is wrong'),
});
export type IngestEventError = z.infer<typeof IngestEventError>;
export const IngestErrorResponse = z.object({
  status: z.number(),
  message: z.string(),
  messageCode: z.string(),
  errors: z.array(IngestEventError),
});

/** Game master data: `POST /api/v2/ingest/games`. A game first seen in a bet is created automatically. */
export const GameMaster = z.object({
  gameId: Id,
  name: z.string().min(1).max(128),
  gameType: z.string().min(1).max(32).optional(),
  provider: z.string().min(1).max(64).optional(),
  expectedRtp: z.number().gt(0).max(2).optional().describe('Expected return to player as a fraction, e.g. 0.965'),
});
export type GameMaster = z.infer<typeof GameMaster>;

export const IngestGamesResult = z.object({
  accepted: z.number().describe('Games written by this call'),
  created: z.number().describe('Games that did not exist before'),
  updated: z.number().describe('Games that existed (from earlier master data or first seen in a bet)'),
});
export type IngestGamesResult = z.infer<typeof IngestGamesResult>;

/**
 * The schemas of the endpoints of `ingest.api.ts`. The server validates each event itself so that a
 * refusal names the event's index and field; the body schemas document the calls in OpenAPI.
 */
export const ingestIo = {
  ingestEvents: {
    body: z
      .array(IngestEvent)
      .min(1)
      .max(INGEST_MAX_EVENTS)
      .describe(
        'At most 10,000 events or 10 MiB. A resent id is a no-op counted in `duplicates`; a batch with any bad event is refused whole (400 with the index and reason of each); 429 with Retry-After when the server sheds load',
      ),
    response: IngestResult,
  },
  ingestGames: { body: z.array(GameMaster).min(1).max(INGEST_MAX_EVENTS), response: IngestGamesResult },
};
