import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-app';
import { type AdminIo, runAdmin } from './admin-cli';

function capture(): AdminIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

describeEachDatabase('npm run admin', (t) => {
  const admin = (args: string[], io = capture()) =>
    runAdmin(args, io, async () => ({ app: t.app, close: async () => {} })).then((code) => ({ code, ...io }));
  const companyNamed = async (name: string) =>
    (
      await t.db.query<{ cid: number; operator_type: number; active: boolean; base_currency: string }>(
        'SELECT cid, operator_type, active, base_currency FROM company WHERE name = $1',
        [name],
      )
    ).rows[0];

  it('creates a company with its defaults and queues the first administrator’s invitation', async () => {
    const res = await admin([
      'company',
      'create',
      '--name',
      'Tiger Studio',
      '--type',
      '2',
      '--currency',
      'EUR',
      '--mail',
      'boss@tiger.test',
    ]);
    expect(res).toMatchObject({ code: 0, errors: [] });
    expect(res.lines[0]).toMatch(/^Created company \d+ "Tiger Studio"; invitation to boss@tiger.test queued/);
    const company = await companyNamed('Tiger Studio');
    expect(company).toMatchObject({ operator_type: 2, active: true, base_currency: 'EUR' });
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM player_alert_rule WHERE cid = $1)
            + (SELECT count(*)::int FROM registration_token WHERE cid = $1 AND role = 'admin' AND mail = 'boss@tiger.test') AS n`,
      [company?.cid],
    );
    expect(rows[0]?.n).toBeGreaterThan(1);
  });

  it('lists and edits companies', async () => {
    const cid = (await companyNamed('Tiger Studio'))?.cid;
    expect((await admin(['company', 'edit', String(cid), '--active', 'false', '--type', '3'])).code).toBe(0);
    expect(await companyNamed('Tiger Studio')).toMatchObject({ operator_type: 3, active: false });
    const list = await admin(['company', 'list', '--name', 'tiger']);
    expect(list.code).toBe(0);
    expect(list.lines).toEqual([
      'CID\tName\tOperatorType\tBaseCurrency\tTimeZone\tActive\tAdmins',
      `${cid}\tTiger Studio\t3\tEUR\tAsia/Taipei\tfalse\t0`,
    ]);
  });

  describe('bad input', () => {
    it('names the field and changes nothing', async () => {
      const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company')).rows[0]?.n;
      const type = await admin(['company', 'create', '--name', 'X', '--type', '9', '--mail', 'x@x.test']);
      expect(type.code).toBe(2);
      expect(type.errors[0]).toMatch(/^OperatorType: /);
      const currency = await admin([
        'company',
        'create',
        '--name',
        'X',
        '--type',
        '1',
        '--currency',
        'ZZZ',
        '--mail',
        'x@x.test',
      ]);
      expect(currency.errors[0]).toMatch(/^BaseCurrency: /);
      const missing = await admin(['company', 'edit', '99999', '--name', 'Y']);
      expect(missing.code).toBe(1);
      expect((await admin(['company', 'frobnicate'])).code).toBe(2);
      expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM company')).rows[0]?.n).toBe(before);
    });
  });
});
