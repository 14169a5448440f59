/**
 * Traffic reconciliation for publishers (issue 20, DESIGN §10): enumerations of spec §3 and the state
 * machine, zod-free (the console shows the allowed actions with it; the server enforces it).
 */

/** Spec §3 reconcile status: '0' pending, '1' completed, '2' waiting confirm, '3' void. */
export const RECONCILE_STATUSES = ['0', '1', '2', '3'] as const;
type ReconcileStatus = (typeof RECONCILE_STATUSES)[number];

/** Spec §3 customer cooperation: '1' trial, '2' cooperating, '3' not cooperating. */
export const COOPERATION_STATUSES = ['1', '2', '3'] as const;
// Names of every value: RECONCILE_STATUS, CUSTOMER_COOPERATION, ADJUSTS, REPORT_MONTHS, SEARCH_KEYS (common/enums).

export const COMMISSION_BASES = ['GGR', 'Turnover'] as const;

/**
 * The allowed transitions: '0' → '2' (figures frozen) → '1'; '0' or '2' → '3' void; '1' → '0' reopens
 * (an admin with a reason; audited). Void is final.
 */
export const RECONCILE_TRANSITIONS: Readonly<Record<ReconcileStatus, readonly ReconcileStatus[]>> = {
  '0': ['2', '3'],
  '2': ['1', '3'],
  '1': ['0'],
  '3': [],
};

export function canTransition(from: ReconcileStatus, to: ReconcileStatus): boolean {
  return RECONCILE_TRANSITIONS[from].includes(to);
}

/** Whether a transition needs a reason (Memo): reopening a completed reconciliation. */
export function transitionNeedsReason(from: ReconcileStatus, to: ReconcileStatus): boolean {
  return from === '1' && to === '0';
}

/** Adjustments are taken while the bill is open or waiting for the customer's confirmation. */
export function canAdjust(status: ReconcileStatus): boolean {
  return status === '0' || status === '2';
}

/** Digits after the decimal point of an amount in `currency` (ISO 4217 minor units; crypto 8). */
export function currencyDecimals(currency: string): number {
  if (['BTC', 'ETH'].includes(currency)) return 8;
  if (['USDT', 'USDC'].includes(currency)) return 6;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Digits after the decimal point of `n` as written. */
export function decimalsOf(n: number): number {
  const text = String(n);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]) + (text.split('e')[0]?.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/** `YYYY-MM` */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
