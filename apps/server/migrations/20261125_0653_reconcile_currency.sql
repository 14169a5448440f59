-- Reconciliations in the customer's currency (issue 20): a reconciliation keeps the currency its
-- customer had when it was opened (its adjustments are entered in it), and the rate its figures were
-- frozen with (units of the base currency per unit of that currency, and the rate's date).
ALTER TABLE reconcile_workflow ADD COLUMN currency text;
UPDATE reconcile_workflow w SET currency = c.currency
  FROM reconcile_customer c WHERE c.cid = w.cid AND c.id = w.customer;
ALTER TABLE reconcile_workflow ALTER COLUMN currency SET NOT NULL;
ALTER TABLE reconcile_workflow ADD COLUMN frozen_rate numeric;
ALTER TABLE reconcile_workflow ADD COLUMN frozen_rate_date date;
-- Figures frozen before: the rate as of the month's last day (1 in the base currency).
UPDATE reconcile_workflow w SET frozen_rate = CASE WHEN w.currency = co.base_currency THEN 1 ELSE (
    SELECT r.rate FROM currency_rate r
     WHERE r.cid = w.cid AND r.currency = w.currency AND r.rate_date < w.month + interval '1 month'
     ORDER BY r.rate_date DESC LIMIT 1) END,
  frozen_rate_date = CASE WHEN w.currency = co.base_currency THEN NULL ELSE (
    SELECT r.rate_date FROM currency_rate r
     WHERE r.cid = w.cid AND r.currency = w.currency AND r.rate_date < w.month + interval '1 month'
     ORDER BY r.rate_date DESC LIMIT 1) END
  FROM company co WHERE co.cid = w.cid AND w.frozen IS NOT NULL;
