import type { ReconcileReport } from '@pitboss/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detailSheet, reportBlocks, reportSheet, totalsSheet } from './report-table';
import { writeXlsx } from './xlsx';

const game = (
  CustomerID: number,
  BusinessName: string,
  Month: string,
  GameID: string,
  Turnover: number,
  Payout: number,
  Currency = 'USD',
) => ({
  CustomerID,
  BusinessName,
  Month,
  Currency,
  GameID,
  Rounds: 10,
  Players: 2,
  Turnover,
  Payout,
  GGR: Turnover - Payout,
});

const REPORT: ReconcileReport = {
  BaseCurrency: 'USD',
  Months: ['2026-08', '2026-09', '2026-10'],
  Rows: [
    game(1, 'Alpha', '2026-08', 'slots', 100, 60),
    game(1, 'Alpha', '2026-10', 'slots', 50.1, 50),
    game(1, 'Alpha', '2026-10', 'baccarat', 30.2, 0.1),
    game(2, '=Beta', '2026-09', 'slots', 10, 20, 'THB'),
  ],
  Totals: [
    {
      CustomerID: 1,
      BusinessName: 'Alpha',
      Month: '2026-08',
      Status: '1',
      Currency: 'USD',
      Rate: 1,
      RateDate: null,
      GGR: 40,
      Adjustments: -5,
      Total: 35,
      CommissionDue: 3.5,
    },
    {
      CustomerID: 1,
      BusinessName: 'Alpha',
      Month: '2026-10',
      Status: null,
      Currency: 'USD',
      Rate: 1,
      RateDate: null,
      GGR: 30.2,
      Adjustments: 0,
      Total: 30.2,
      CommissionDue: 3.02,
    },
    {
      CustomerID: 2,
      BusinessName: '=Beta',
      Month: '2026-09',
      Status: '2',
      Currency: 'THB',
      Rate: 0.0285,
      RateDate: '2026-09-30',
      GGR: -10,
      Adjustments: 12.5,
      Total: 2.5,
      CommissionDue: 100,
    },
  ],
};

describe('reportBlocks', () => {
  it('puts the months side by side per customer and game, with the sums of the server totals', () => {
    const [alpha, beta] = reportBlocks(REPORT, 'GGR');
    expect(alpha?.businessName).toBe('Alpha');
    expect(alpha?.statuses).toEqual(['1', null, null]);
    expect(alpha?.lines.map((l) => [l.kind, l.game, l.values, l.sum])).toEqual([
      ['game', 'baccarat', [null, null, 30.1], 30.1],
      ['game', 'slots', [40, null, 0.1], 40.1],
      ['games', undefined, [40, null, 30.2], 70.2],
      ['adjustments', undefined, [-5, null, 0], -5],
      ['total', undefined, [35, null, 30.2], 65.2],
      ['commission', undefined, [3.5, null, 3.02], 6.52],
    ]);
    expect(alpha?.currency).toBe('USD');
    expect(beta?.currency).toBe('THB');
    expect(beta?.statuses).toEqual([null, '2', null]);
    expect(beta?.lines.find((l) => l.kind === 'total')?.values).toEqual([null, 2.5, null]);
  });

  it('shows only the game lines for a figure that is not GGR, and no sum of players across months', () => {
    const [alpha] = reportBlocks(REPORT, 'Players');
    expect(alpha?.lines.map((l) => l.kind)).toEqual(['game', 'game']);
    expect(alpha?.lines.every((l) => l.sum === null)).toBe(true);
    const [turnover] = reportBlocks(REPORT, 'Turnover');
    expect(turnover?.lines.find((l) => l.game === 'slots')?.values).toEqual([100, null, 50.1]);
    expect(turnover?.lines.find((l) => l.game === 'slots')?.sum).toBe(150.1);
  });

  it('adds no amounts of different currencies across the months', () => {
    const mixed: ReconcileReport = {
      ...REPORT,
      Rows: [...REPORT.Rows, game(2, '=Beta', '2026-10', 'slots', 5, 1, 'USD')],
      Totals: [
        ...REPORT.Totals,
        {
          CustomerID: 2,
          BusinessName: '=Beta',
          Month: '2026-10',
          Status: '0',
          Currency: 'USD',
          Rate: 1,
          RateDate: null,
          GGR: 4,
          Adjustments: 0,
          Total: 4,
          CommissionDue: 5,
        },
      ],
    };
    const beta = reportBlocks(mixed, 'GGR')[1];
    expect(beta?.currency).toBe('THB/USD');
    expect(beta?.lines.find((l) => l.kind === 'total')?.values).toEqual([null, 2.5, 4]);
    expect(beta?.lines.every((l) => l.sum === null)).toBe(true);
    expect(reportBlocks(mixed, 'Rounds')[1]?.lines[0]?.sum).toBe(20);
  });

  it('is empty for a report without rows or totals', () => {
    expect(reportBlocks({ BaseCurrency: 'USD', Months: ['2026-10'], Rows: [], Totals: [] }, 'GGR')).toEqual([]);
  });
});

describe('report sheets and the XLSX file', () => {
  const sheet = reportSheet(
    REPORT,
    'GGR',
    { customer: 'Customer', currency: 'Currency', line: 'Game', sum: 'All' },
    (l) => l.game ?? l.kind,
  );

  it('writes one header and a line per customer line', () => {
    expect(sheet[0]).toEqual(['Customer', 'Currency', 'Game', '2026-08', '2026-09', '2026-10', 'All']);
    expect(sheet).toHaveLength(1 + 6 + 5);
    expect(sheet[1]).toEqual(['Alpha', 'USD', 'baccarat', null, null, 30.1, 30.1]);
    expect(sheet[7]?.slice(0, 3)).toEqual(['=Beta', 'THB', 'slots']);
  });

  it('reads back from the XLSX with numbers as numbers and formulas neutralised', async () => {
    const file = await writeXlsx([
      { name: 'GGR', rows: sheet },
      { name: 'Games', rows: detailSheet(REPORT) },
      { name: 'Totals', rows: totalsSheet(REPORT) },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['GGR', 'Games', 'Totals']);
    const ggr = workbook.getWorksheet('GGR');
    expect(ggr?.getRow(1).values).toEqual([
      undefined,
      'Customer',
      'Currency',
      'Game',
      '2026-08',
      '2026-09',
      '2026-10',
      'All',
    ]);
    expect(ggr?.getCell('F2').value).toBe(30.1);
    expect(ggr?.getCell('A8').value).toBe("'=Beta");
    const games = workbook.getWorksheet('Games');
    expect(games?.rowCount).toBe(5);
    expect(games?.getCell('D2').value).toBe('USD');
    expect(games?.getCell('J2').value).toBe(40);
    const totals = workbook.getWorksheet('Totals');
    expect(totals?.getCell('D2').value).toBe('1');
    expect(totals?.getCell('H4').value).toBe(100);
    expect(totals?.getRow(4).values).toEqual(expect.arrayContaining(['THB', 0.0285, '2026-09-30']));
    expect(totals?.getCell('J1').value).toBe('Rate (USD)');
  });
});
