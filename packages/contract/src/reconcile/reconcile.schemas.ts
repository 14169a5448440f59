import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { listEnvelope, PageQuery } from '../common/envelope.schemas';
import { CurrencyCode } from '../currency/currency.schemas';
import { COMMISSION_BASES, COOPERATION_STATUSES, MONTH_PATTERN, RECONCILE_STATUSES } from './reconcile';

export type ReconcileStatus = z.infer<typeof ReconcileStatus>;
export const ReconcileStatus = z
  .enum(RECONCILE_STATUSES)
  .describe("'0' pending, '1' completed, '2' waiting confirm, '3' void");
export const CooperationStatus = z
  .enum(COOPERATION_STATUSES)
  .describe("'1' trial, '2' cooperating, '3' not cooperating");
export const CommissionBasis = z.enum(COMMISSION_BASES).describe('Commission as a share of GGR or of turnover');
export const Month = z.string().regex(MONTH_PATTERN, 'must be a month as YYYY-MM').describe('YYYY-MM');

/** An amount in the customer's currency (`Currency`), to its decimals; null while no rate converts it. */
const Money = z.number().nullable().describe("In the customer's currency; null: no rate as of the period");
/** An amount entered in the customer's currency: always known. */
const Entered = z.number().describe("In the customer's currency");
const CustomerIdValue = z.string().trim().min(1, 'must not be blank').max(64, 'must be at most 64 characters');

/** A comma-separated list in a query string (`1,2,3`) as an array. */
const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(item).max(500),
  );

export const ReconcileCustomer = z.object({
  ID: z.number(),
  BusinessName: z.string(),
  Status: CooperationStatus,
  Currency: z.string(),
  CommissionBasis,
  CommissionRate: z.number().describe('Percent of the basis'),
  MinimumFee: z.number().describe("Minimum monthly fee, in the customer's currency"),
  Contacts: z.string(),
  CustomerIDs: z.array(z.string()).describe('The customerId values their bets carry'),
  Memo: z.string(),
  CreateDate: z.string(),
  UpdateDate: z.string(),
});
export type ReconcileCustomer = z.infer<typeof ReconcileCustomer>;

export const ListReconcileCustomersQuery = PageQuery.extend({
  SearchKey: z.enum(['1', '2']).optional().describe('1 member id (customer id), 2 business name'),
  Keyword: z.string().trim().max(100).optional(),
  Status: CooperationStatus.optional(),
});

const CustomerFields = {
  BusinessName: z.string().trim().min(1, 'must not be blank').max(100, 'must be at most 100 characters'),
  Status: CooperationStatus,
  Currency: CurrencyCode,
  CommissionBasis,
  CommissionRate: z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100'),
  MinimumFee: z
    .number()
    .min(0, 'must not be negative')
    .max(1e12)
    .describe("Minimum monthly fee, in the customer's currency (at most its decimals)"),
  Contacts: z.string().trim().max(1000),
  CustomerIDs: z
    .array(CustomerIdValue)
    .min(1, 'give at least one customer id')
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
  Memo: z.string().trim().max(500),
};

export const CreateReconcileCustomerBody = z.object({
  ...CustomerFields,
  Status: CustomerFields.Status.default('2'),
  CommissionBasis: CustomerFields.CommissionBasis.default('GGR'),
  MinimumFee: CustomerFields.MinimumFee.default(0),
  Contacts: CustomerFields.Contacts.default(''),
  Memo: CustomerFields.Memo.default(''),
});
export type CreateReconcileCustomerBody = z.input<typeof CreateReconcileCustomerBody>;

export const UpdateReconcileCustomerBody = z.object(CustomerFields).partial();
export type UpdateReconcileCustomerBody = z.infer<typeof UpdateReconcileCustomerBody>;

export const GameFigures = z.object({
  GameID: z.string(),
  Rounds: z.number(),
  Players: z.number(),
  Turnover: Money,
  Payout: Money,
  GGR: Money,
});
export type GameFigures = z.infer<typeof GameFigures>;

export const ReconcileWorkflow = z.object({
  ID: z.number(),
  CustomerID: z.number(),
  BusinessName: z.string(),
  Month,
  Status: ReconcileStatus,
  Currency: z.string().describe("The customer's currency (when the month was opened): every amount is in it"),
  BaseCurrency: z.string().describe('The company base currency, in which bets are summed before conversion'),
  Rate: z
    .number()
    .nullable()
    .describe(
      'Units of the base currency per unit of Currency: the newest rate on or before the last day of the month (frozen: the one of the freeze); 1 for the base currency; null: none yet',
    ),
  RateDate: z.string().nullable().describe('The date of Rate (null for the base currency or no rate)'),
  Rounds: z.number(),
  Players: z.number(),
  Turnover: Money,
  Payout: Money,
  GGR: Money,
  Adjustments: Entered.describe('Added minus subtracted'),
  Total: Money.describe('GGR plus adjustments'),
  CommissionDue: Money,
  FrozenAt: z.string().nullable().describe('When the figures were frozen (waiting confirm)'),
  CreateDate: z.string(),
  UpdateDate: z.string(),
});
export type ReconcileWorkflow = z.infer<typeof ReconcileWorkflow>;

export const ReconcileAdjustment = z.object({
  ID: z.number(),
  Adjust: z.union([z.literal(0), z.literal(1)]),
  Amount: Entered,
  ReportMonth: z.union([z.literal(0), z.literal(1)]),
  Memo: z.string(),
  CreatedBy: z.string(),
  CreateDate: z.string(),
});
export type ReconcileAdjustment = z.infer<typeof ReconcileAdjustment>;

export const ReconcileHistoryEntry = z.object({
  From: ReconcileStatus.nullable(),
  To: ReconcileStatus,
  Memo: z.string(),
  CreatedBy: z.string(),
  CreateDate: z.string(),
});
export type ReconcileHistoryEntry = z.infer<typeof ReconcileHistoryEntry>;

export const ReconcileWorkflowDetail = ReconcileWorkflow.extend({
  Games: z.array(GameFigures),
  Difference: z
    .object({
      Rounds: z.number(),
      Turnover: Money,
      Payout: Money,
      GGR: Money,
      Games: z.array(GameFigures),
    })
    .nullable()
    .describe('Bets that arrived after the figures were frozen: carry them into the next month'),
  AdjustmentList: z.array(ReconcileAdjustment),
  History: z.array(ReconcileHistoryEntry),
});
export type ReconcileWorkflowDetail = z.infer<typeof ReconcileWorkflowDetail>;

export const ListReconcileWorkflowsQuery = PageQuery.extend({
  Month: Month.optional(),
  CustomerIDs: csvList(z.coerce.number().int().positive()).optional().describe('Customer ids, comma-separated'),
  Status: ReconcileStatus.optional(),
});

export const OpenReconcileWorkflowBody = z.object({
  CustomerID: z.number().int().positive(),
  Month,
});

export const UpdateReconcileStatusBody = z.object({
  Status: ReconcileStatus,
  Memo: z.string().trim().max(500).default(''),
});

export const AddReconcileAdjustmentBody = z.object({
  Adjust: z.union([z.literal(0), z.literal(1)]).describe('0 add, 1 subtract'),
  Amount: z.number().positive('must be more than 0 (the direction is Adjust)').max(1e12),
  ReportMonth: z
    .union([z.literal(0), z.literal(1)])
    .default(0)
    .describe('0 the report month, 1 another month'),
  Memo: z.string().trim().min(1, 'give a reason').max(500),
});

export const ReconcileReportQuery = z.object({
  From: Month,
  To: Month,
  CustomerIDs: csvList(z.coerce.number().int().positive()).optional(),
  GameIDs: csvList(z.string().trim().min(1).max(64)).optional(),
});

export const ReconcileReportRow = GameFigures.extend({
  CustomerID: z.number(),
  BusinessName: z.string(),
  Month,
  Currency: z.string().describe("The customer's currency, in which the row's amounts are"),
});
export const ReconcileReportMonth = z.object({
  CustomerID: z.number(),
  BusinessName: z.string(),
  Month,
  Status: ReconcileStatus.nullable().describe('null: no reconciliation opened for that month'),
  Currency: z.string(),
  Rate: z
    .number()
    .nullable()
    .describe('Units of the base currency per unit of Currency (frozen: the rate of the freeze)'),
  RateDate: z.string().nullable(),
  GGR: Money,
  Adjustments: Entered,
  Total: Money,
  CommissionDue: Money,
});
export const ReconcileReport = z.object({
  BaseCurrency: z.string().describe('The company base currency, which the rates convert from'),
  Months: z.array(Month),
  Rows: z.array(ReconcileReportRow),
  Totals: z.array(ReconcileReportMonth),
});
export type ReconcileReport = z.infer<typeof ReconcileReport>;

const IdParam = z.object({ id: z.coerce.number().int().positive() });

export const reconcileIo = {
  listReconcileCustomers: { querystring: ListReconcileCustomersQuery, response: listEnvelope(ReconcileCustomer) },
  createReconcileCustomer: { body: CreateReconcileCustomerBody, response: Ack.extend({ ID: z.number() }) },
  updateReconcileCustomer: { params: IdParam, body: UpdateReconcileCustomerBody, response: Ack },
  listReconcileWorkflows: { querystring: ListReconcileWorkflowsQuery, response: listEnvelope(ReconcileWorkflow) },
  openReconcileWorkflow: { body: OpenReconcileWorkflowBody, response: Ack.extend({ ID: z.number() }) },
  getReconcileWorkflow: { params: IdParam, response: Ack.extend({ data: ReconcileWorkflowDetail }) },
  updateReconcileStatus: { params: IdParam, body: UpdateReconcileStatusBody, response: Ack },
  addReconcileAdjustment: {
    params: IdParam,
    body: AddReconcileAdjustmentBody,
    response: Ack.extend({ ID: z.number() }),
  },
  reconcileReport: { querystring: ReconcileReportQuery, response: Ack.extend({ data: ReconcileReport }) },
};
