import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';

const APIS = '/api/v2/monitor/blacklist/api';
const TOKEN = '/api/v2/monitor/blacklist/token';

describeEachDatabase('block APIs', (t) => {
  let admin: string;
  let viewer: string;
  let other: string;
  let firstId: number;

  const addApi = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: APIS, token, payload });
  const apiCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM block_api')).rows[0]?.n;

  beforeAll(async () => {
    admin = await t.login();
    viewer = await tokenFor(t, 'api-viewer', 'viewer');
    other = await tokenFor(t, 'api-other', 'admin', await addCompany(t, 'Other Co'));
  });

  describe('APIs', () => {
    it('adds, lists by name, edits and deletes', async () => {
      const res = await addApi(admin, { Name: ' Main lock ', IsLock: 1, Url: 'https://platform.example/lock' });
      expect(res.statusCode).toBe(200);
      const created = res.json().data;
      expect(created).toMatchObject({ Name: 'Main lock', IsLock: true, Url: 'https://platform.example/lock' });
      firstId = created.APIID;
      await addApi(admin, { Name: 'Audit feed', IsLock: false, Url: 'http://127.0.0.1:9/feed' });
      const list = (await t.call({ method: 'GET', url: APIS, token: viewer })).json();
      expect(list.cnt).toBe(2);
      expect(list.data.recordset.map((a: { Name: string }) => a.Name)).toEqual(['Audit feed', 'Main lock']);

      const edited = await t.call({ method: 'PUT', url: `${APIS}/${firstId}`, token: admin, payload: { IsLock: 0 } });
      expect(edited.json().data).toMatchObject({ APIID: firstId, Name: 'Main lock', IsLock: false });
      const renamed = await t.call({
        method: 'PUT',
        url: `${APIS}/${firstId}`,
        token: admin,
        payload: { Name: 'MAIN LOCK', Url: 'http://10.0.0.5:8080/lock', IsLock: true },
      });
      expect(renamed.json().data).toMatchObject({ Name: 'MAIN LOCK', Url: 'http://10.0.0.5:8080/lock', IsLock: true });

      const temp = (await addApi(admin, { Name: 'Temp', Url: 'https://x.example/' })).json().data;
      expect(temp.IsLock).toBe(true);
      expect((await t.call({ method: 'DELETE', url: `${APIS}/${temp.APIID}`, token: admin })).json()).toEqual({
        status: 0,
      });
      expect((await t.call({ method: 'DELETE', url: `${APIS}/${temp.APIID}`, token: admin })).statusCode).toBe(404);
    });

    it('refuses a duplicate name, in any case, with a 409 naming Name', async () => {
      const before = await apiCount();
      const dup = await addApi(admin, { Name: 'audit FEED', IsLock: true, Url: 'https://a.example/' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ messageCode: 'BLOCK_API_NAME_TAKEN', errors: [{ field: 'Name' }] });
      const rename = await t.call({
        method: 'PUT',
        url: `${APIS}/${firstId}`,
        token: admin,
        payload: { Name: 'Audit Feed' },
      });
      expect(rename.statusCode).toBe(409);
      expect(await apiCount()).toBe(before);
      // Keeping its own name is fine.
      const same = await t.call({
        method: 'PUT',
        url: `${APIS}/${firstId}`,
        token: admin,
        payload: { Name: 'main lock' },
      });
      expect(same.statusCode).toBe(200);
    });

    it.each([
      [{ Name: 'x', Url: 'ftp://files.example/' }, 'Url'],
      [{ Name: 'x', Url: 'javascript:alert(1)' }, 'Url'],
      [{ Name: 'x', Url: 'not a url' }, 'Url'],
      [{ Name: 'x', Url: `https://a.example/${'p'.repeat(2000)}` }, 'Url'],
      [{ Name: '  ', Url: 'https://a.example/' }, 'Name'],
      [{ Name: 'n'.repeat(101), Url: 'https://a.example/' }, 'Name'],
      [{ Name: 'x', Url: 'https://a.example/', IsLock: 'yes' }, 'IsLock'],
      [{ Url: 'https://a.example/' }, 'Name'],
    ])('refuses %j with a 400 naming %s', async (payload, field) => {
      const before = await apiCount();
      const res = await addApi(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      expect(await apiCount()).toBe(before);
    });

    it('refuses a bad id or an empty change', async () => {
      expect(
        (await t.call({ method: 'PUT', url: `${APIS}/abc`, token: admin, payload: { IsLock: 1 } })).statusCode,
      ).toBe(400);
      expect((await t.call({ method: 'PUT', url: `${APIS}/${firstId}`, token: admin, payload: {} })).statusCode).toBe(
        400,
      );
      const badUrl = await t.call({
        method: 'PUT',
        url: `${APIS}/${firstId}`,
        token: admin,
        payload: { Url: 'file:///etc' },
      });
      expect(badUrl.json().errors[0].field).toBe('Url');
    });
  });

  describe('token', () => {
    it('is answered as set or not, with at most its last 4 characters, never whole', async () => {
      expect((await t.call({ method: 'GET', url: TOKEN, token: viewer })).json().data).toMatchObject({
        IsSet: false,
        Last4: '',
      });
      const secret = 'sk_live_0123456789abcdefWXYZ';
      const res = await t.call({ method: 'PUT', url: TOKEN, token: admin, payload: { Token: ` ${secret} ` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.json().data).toMatchObject({ IsSet: true, Last4: 'WXYZ', UpdatedBy: 'admin' });
      const read = await t.call({ method: 'GET', url: TOKEN, token: viewer });
      expect(read.body).not.toContain(secret.slice(0, 10));
      const short = await t.call({ method: 'PUT', url: TOKEN, token: admin, payload: { Token: 'abc123' } });
      expect(short.json().data.Last4).toBe('');
      await t.call({ method: 'PUT', url: TOKEN, token: admin, payload: { Token: secret } });
      const audit = await t.db.query<{ target: unknown }>(
        `SELECT target FROM audit_log WHERE route = $1 ORDER BY id DESC LIMIT 1`,
        [TOKEN],
      );
      expect(JSON.stringify(audit.rows[0]?.target)).not.toContain(secret);
    });

    it('refuses a blank token or one with spaces or control characters', async () => {
      for (const Token of ['', '   ', 'two words', 'line\nbreak', 'x'.repeat(4097)]) {
        const res = await t.call({ method: 'PUT', url: TOKEN, token: admin, payload: { Token } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe('Token');
      }
      expect((await t.call({ method: 'GET', url: TOKEN, token: viewer })).json().data.Last4).toBe('WXYZ');
    });
  });

  describe('access', () => {
    it('lets a viewer read APIs, token status and the log, and refuses every write with 403', async () => {
      for (const url of [APIS, TOKEN, '/api/v2/monitor/blacklist/logs']) {
        expect((await t.call({ method: 'GET', url, token: viewer })).statusCode, url).toBe(200);
      }
      const before = await apiCount();
      expect((await addApi(viewer, { Name: 'v', Url: 'https://v.example/' })).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'PUT', url: `${APIS}/${firstId}`, token: viewer, payload: { IsLock: 0 } })).statusCode,
      ).toBe(403);
      expect((await t.call({ method: 'DELETE', url: `${APIS}/${firstId}`, token: viewer })).statusCode).toBe(403);
      expect(
        (await t.call({ method: 'PUT', url: TOKEN, token: viewer, payload: { Token: 'abcdefgh' } })).statusCode,
      ).toBe(403);
      expect(await apiCount()).toBe(before);
    });

    it('keeps companies apart', async () => {
      expect((await t.call({ method: 'GET', url: APIS, token: other })).json().cnt).toBe(0);
      expect((await t.call({ method: 'GET', url: TOKEN, token: other })).json().data.IsSet).toBe(false);
      expect(
        (await t.call({ method: 'PUT', url: `${APIS}/${firstId}`, token: other, payload: { IsLock: 0 } })).statusCode,
      ).toBe(404);
      expect((await t.call({ method: 'DELETE', url: `${APIS}/${firstId}`, token: other })).statusCode).toBe(404);
      // Names are unique per company only.
      expect((await addApi(other, { Name: 'Main lock', Url: 'https://o.example/' })).statusCode).toBe(200);
      const mine = (await t.call({ method: 'GET', url: APIS, token: viewer })).json();
      expect(mine.data.recordset.find((a: { APIID: number }) => a.APIID === firstId).IsLock).toBe(true);
    });
  });
});
