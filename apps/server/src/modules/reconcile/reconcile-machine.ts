import { canAdjust, canTransition, currencyDecimals, decimalsOf, transitionNeedsReason } from '@pitboss/contract';
import { AppError, badRequest } from '../../lib/errors';

type Status = '0' | '1' | '2' | '3';

/**
 * The rules of a reconciliation, pure: what the service checks before it writes (and what the property
 * test drives with random sequences). An error names the field.
 */
export function transitionProblem(from: Status, to: Status, memo: string): AppError | undefined {
  if (!canTransition(from, to)) {
    return new AppError(409, 'RECONCILE_TRANSITION_FORBIDDEN', `Status: cannot go from '${from}' to '${to}'`, [
      { field: 'Status', message: `cannot go from '${from}' to '${to}'` },
    ]);
  }
  if (transitionNeedsReason(from, to) && memo.trim() === '') {
    return badRequest('Memo', 'give the reason for reopening a completed reconciliation');
  }
  return undefined;
}

export function adjustmentProblem(status: Status, amount: number, currency: string): AppError | undefined {
  if (!canAdjust(status)) {
    return new AppError(
      409,
      'RECONCILE_CLOSED',
      `Status: a reconciliation in status '${status}' takes no adjustments`,
      [{ field: 'Status', message: `status '${status}' takes no adjustments` }],
    );
  }
  if (!(amount > 0)) return badRequest('Amount', 'must be more than 0 (the direction is Adjust)');
  const decimals = currencyDecimals(currency);
  if (decimalsOf(amount) > decimals) return badRequest('Amount', `${currency} has at most ${decimals} decimals`);
  return undefined;
}

/** Added minus subtracted, exact in the currency's minor units. */
export function netAdjustments(adjustments: { adjust: 0 | 1; amount: number }[], currency: string): number {
  const scale = 10 ** currencyDecimals(currency);
  const minor = adjustments.reduce((sum, a) => sum + (a.adjust === 0 ? 1 : -1) * Math.round(a.amount * scale), 0);
  return minor / scale;
}
