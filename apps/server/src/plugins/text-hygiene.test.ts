import { describe, expect, it } from 'vitest';
import { escapeForRecord, findTextIssue, textProblem } from '../lib/text-hygiene';
import { bet, countRows, createIngestKey, postEvents } from '../modules/ingest/ingest.testing';
import { describeEachDatabase } from '../testing/test-app';
import { tokenFor } from '../testing/users';

const BLACKLIST = '/api/v2/monitor/blacklist/members';

describe('text hygiene', () => {
  it('refuses NUL, lone surrogates and control characters; tab and new lines only in memos', () => {
    expect(textProblem('a\u0000b', 'MemberID')).toMatch(/NUL/);
    expect(textProblem('a\ud800b', 'MemberID')).toMatch(/lone surrogate/);
    expect(textProblem('a\udc00', 'Memo')).toMatch(/lone surrogate/);
    expect(textProblem('😀 ok', 'MemberID')).toBeUndefined();
    expect(textProblem('a\u001bb', 'Name')).toMatch(/U\+001B/);
    expect(textProblem('a\u0085b', 'Name')).toMatch(/U\+0085/);
    expect(textProblem('line 1\nline 2\tx', 'Name')).toMatch(/U\+000A/);
    expect(textProblem('line 1\r\nline 2\tx', 'Memo')).toBeUndefined();
    expect(textProblem('a\u0007', 'Memo')).toMatch(/U\+0007/);
    expect(findTextIssue({ List: [{ MemberID: 'ok' }, { MemberID: 'x\u0000' }] })).toEqual({
      field: 'List[1].MemberID',
      message: 'must not contain the NUL character',
    });
    expect(findTextIssue({ 'a\u0000': 1 })?.field).toBe('a\u0000');
    expect(escapeForRecord('a\u0000\ud800😀\n')).toBe('a\\u0000\\ud800😀\n');
  });
});

describeEachDatabase('text hygiene on every endpoint', (t) => {
  const auditRows = async (route: string) =>
    (
      await t.db.query<{ status_code: number; title: string; reason: string | null; target: unknown }>(
        `SELECT status_code, title, reason, target FROM audit_log WHERE route = $1 ORDER BY id`,
        [route],
      )
    ).rows;

  it('a NUL in the unauthenticated login is a 400 naming the field, and audited', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { Account: 'ad\u0000min', Password: 'x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      messageCode: 'VALIDATION_FAILED',
      errors: [{ field: 'Account', message: 'must not contain the NUL character' }],
    });
    await until(async () => (await auditRows('/api/v2/auth/login')).some((r) => r.status_code === 400));
  });

  it('refuses a NUL or lone surrogate in a body, a query or a Title header: 400, nothing stored, audited with why', async () => {
    const admin = await t.login();
    const before = await countRows(t, 'blacklist_member');
    const cases = [
      {
        payload: { BlackMember_UDT: [{ MemberID: 'ok-1' }, { MemberID: 'bad\ud800' }] },
        field: 'BlackMember_UDT[1].MemberID',
      },
      { payload: { BlackMember_UDT: [{ MemberID: 'bad\u0000' }] }, field: 'BlackMember_UDT[0].MemberID' },
      { payload: { BlackMember_UDT: [{ MemberID: 'ok-2', Memo: 'memo \udfff' }] }, field: 'BlackMember_UDT[0].Memo' },
    ];
    for (const c of cases) {
      const res = await t.call({ method: 'POST', url: BLACKLIST, token: admin, payload: c.payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].field).toBe(c.field);
    }
    const titled = await t.call({
      method: 'POST',
      url: BLACKLIST,
      token: admin,
      headers: { title: '%00' },
      payload: { BlackMember_UDT: [{ MemberID: 'ok-3' }] },
    });
    expect(titled.statusCode, titled.body).toBe(400);
    expect(titled.json().errors[0].field).toBe('Title');
    expect(await countRows(t, 'blacklist_member')).toBe(before);

    const listed = await t.call({ method: 'GET', url: `${BLACKLIST}?MemberID=a%00b`, token: admin });
    expect(listed.statusCode, listed.body).toBe(400);
    expect(listed.json().errors[0].field).toBe('MemberID');

    // Every refused change has its audit row: who, what (escaped), why.
    await until(async () => (await auditRows(BLACKLIST)).filter((r) => r.status_code === 400).length >= 4);
    const rows = (await auditRows(BLACKLIST)).filter((r) => r.status_code === 400);
    expect(rows.map((r) => r.reason)).toEqual(
      cases.map((c) => expect.stringContaining(c.field)).concat([expect.stringContaining('Title')]),
    );
    expect(rows.at(-1)?.title).toBe('\\u0000');
    expect(JSON.stringify(rows[0]?.target)).toContain('bad\\\\ud800');

    // A memo may hold new lines and tabs.
    const memo = await t.call({
      method: 'POST',
      url: BLACKLIST,
      token: admin,
      payload: { BlackMember_UDT: [{ MemberID: 'memo-ok', Memo: 'line 1\nline\t2' }] },
    });
    expect(memo.statusCode, memo.body).toBe(200);
  });

  it('audits a denied change with why', async () => {
    const viewer = await tokenFor(t, 'hygiene-viewer', 'viewer');
    const res = await t.call({
      method: 'POST',
      url: BLACKLIST,
      token: viewer,
      payload: { BlackMember_UDT: [{ MemberID: 'denied' }] },
    });
    expect(res.statusCode).toBe(403);
    await until(async () => (await auditRows(BLACKLIST)).some((r) => r.status_code === 403));
    expect((await auditRows(BLACKLIST)).find((r) => r.status_code === 403)?.reason).toMatch(/^FORBIDDEN: /);
  });

  it('an ingest id with a lone surrogate is refused naming the index, again when resent (never a 500)', async () => {
    const key = await createIngestKey(t, undefined, 'Hygiene platform');
    const batch = [bet(), bet({ id: 'id-\ud800' }), bet({ memberId: 'm\u001b' })];
    for (let i = 0; i < 2; i++) {
      const res = await postEvents(t, key, batch);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { index: 1, field: 'id', message: 'id: must be valid Unicode (it holds a lone surrogate)' },
        expect.objectContaining({ index: 2, field: 'memberId' }),
      ]);
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
