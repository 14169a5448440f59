import type { ReconcileReport, ReconcileStatus } from '@pitboss/contract';

/** The figure shown per game and month. */
export const REPORT_MEASURES = ['GGR', 'Turnover', 'Payout', 'Rounds', 'Players'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

export type ReportLineKind = 'game' | 'games' | 'adjustments' | 'total' | 'commission';

/** One line of a customer's block: a game, or the customer's sums; one value per month (null: none). */
export interface ReportLine {
  key: string;
  kind: ReportLineKind;
  /** The game id for `game` lines. */
  game?: string;
  values: (number | null)[];
  /** Across the months: the sum (null when no month has a value). */
  sum: number | null;
}

export interface ReportBlock {
  customerId: number;
  businessName: string;
  /**
   * The currency of the block's amounts (the customer's); several joined by '/' when months were
   * opened in different currencies, and then no sum across the months.
   */
  currency: string;
  /** Per month: the reconciliation's status, null for a month with no reconciliation opened. */
  statuses: (ReconcileStatus | null)[];
  lines: ReportLine[];
}

const add = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
const sumOf = (values: (number | null)[]) => values.reduce<number | null>(add, null);
/** Sums of money round to the cent's hundredth so float noise never shows. */
const tidy = (n: number | null) => (n === null ? null : Math.round(n * 1e8) / 1e8);

/**
 * The report as months side by side: per customer a block with one line per game (the chosen
 * figure), then, when the figure is money, the games' sum ('games', GGR only), adjustments, total
 * and commission due per month from the server's totals, each with its sum across the months.
 */
export function reportBlocks(report: ReconcileReport, measure: ReportMeasure): ReportBlock[] {
  const monthIndex = new Map(report.Months.map((m, i) => [m, i]));
  const blocks = new Map<number, ReportBlock & { games: Map<string, ReportLine>; currencies: Set<string> }>();
  const blockOf = (customerId: number, businessName: string) => {
    let block = blocks.get(customerId);
    if (!block) {
      block = {
        customerId,
        businessName,
        currency: '',
        currencies: new Set<string>(),
        statuses: report.Months.map(() => null),
        lines: [],
        games: new Map(),
      };
      blocks.set(customerId, block);
    }
    return block;
  };
  for (const row of report.Rows) {
    const i = monthIndex.get(row.Month);
    if (i === undefined) continue;
    const block = blockOf(row.CustomerID, row.BusinessName);
    block.currencies.add(row.Currency);
    let line = block.games.get(row.GameID);
    if (!line) {
      line = {
        key: `game:${row.GameID}`,
        kind: 'game',
        game: row.GameID,
        values: report.Months.map(() => null),
        sum: null,
      };
      block.games.set(row.GameID, line);
    }
    line.values[i] = add(line.values[i] ?? null, row[measure]);
  }
  for (const total of report.Totals) {
    const i = monthIndex.get(total.Month);
    if (i === undefined) continue;
    const block = blockOf(total.CustomerID, total.BusinessName);
    block.statuses[i] = total.Status;
    block.currencies.add(total.Currency);
  }
  const out: ReportBlock[] = [];
  for (const block of [...blocks.values()].sort((a, b) => a.customerId - b.customerId)) {
    const games = [...block.games.values()].sort((a, b) => (a.game ?? '').localeCompare(b.game ?? ''));
    const mixed = block.currencies.size > 1;
    const money = measure !== 'Rounds' && measure !== 'Players';
    for (const line of games) {
      line.values = line.values.map(tidy);
      // Players are distinct per month: a sum across months would count a player again; amounts of
      // different currencies do not add up.
      line.sum = measure === 'Players' || (money && mixed) ? null : tidy(sumOf(line.values));
    }
    const lines: ReportLine[] = [...games];
    if (measure === 'GGR') {
      const totals = report.Totals.filter((t) => t.CustomerID === block.customerId);
      const perMonth = (pick: (t: ReconcileReport['Totals'][number]) => number | null) =>
        report.Months.map((m) => {
          const t = totals.find((x) => x.Month === m);
          return t ? tidy(pick(t)) : null;
        });
      for (const [kind, values] of [
        ['games', perMonth((t) => t.GGR)],
        ['adjustments', perMonth((t) => t.Adjustments)],
        ['total', perMonth((t) => t.Total)],
        ['commission', perMonth((t) => t.CommissionDue)],
      ] as const) {
        lines.push({ key: kind, kind, values, sum: mixed ? null : tidy(sumOf(values)) });
      }
    }
    out.push({
      customerId: block.customerId,
      businessName: block.businessName,
      currency: [...block.currencies].sort().join('/'),
      statuses: block.statuses,
      lines,
    });
  }
  return out;
}

/**
 * The report as one sheet (CSV or XLSX): a header (customer, currency, line, each month, all months),
 * then each customer's lines; `label` names a line (a game's id, or the translated sum).
 */
export function reportSheet(
  report: ReconcileReport,
  measure: ReportMeasure,
  header: { customer: string; currency: string; line: string; sum: string },
  label: (line: ReportLine) => string,
): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [
    [header.customer, header.currency, header.line, ...report.Months, header.sum],
  ];
  for (const block of reportBlocks(report, measure)) {
    for (const line of block.lines) {
      rows.push([block.businessName, block.currency, label(line), ...line.values, line.sum]);
    }
  }
  return rows;
}

/**
 * Every game figure as a flat sheet (one row per customer, month and game, in the customer's
 * currency), for the XLSX's second sheet.
 */
export function detailSheet(report: ReconcileReport): (string | number | null)[][] {
  return [
    ['CustomerID', 'BusinessName', 'Month', 'Currency', 'GameID', 'Rounds', 'Players', 'Turnover', 'Payout', 'GGR'],
    ...report.Rows.map((r) => [
      r.CustomerID,
      r.BusinessName,
      r.Month,
      r.Currency,
      r.GameID,
      r.Rounds,
      r.Players,
      r.Turnover,
      r.Payout,
      r.GGR,
    ]),
  ];
}

/**
 * Totals per customer and month (status, GGR, adjustments, total, commission, in the customer's
 * currency, with the rate from the base currency), for the XLSX's third sheet.
 */
export function totalsSheet(report: ReconcileReport): (string | number | null)[][] {
  return [
    [
      'CustomerID',
      'BusinessName',
      'Month',
      'Status',
      'GGR',
      'Adjustments',
      'Total',
      'CommissionDue',
      'Currency',
      `Rate (${report.BaseCurrency})`,
      'RateDate',
    ],
    ...report.Totals.map((t) => [
      t.CustomerID,
      t.BusinessName,
      t.Month,
      t.Status ?? '',
      t.GGR,
      t.Adjustments,
      t.Total,
      t.CommissionDue,
      t.Currency,
      t.Rate,
      t.RateDate,
    ]),
  ];
}
