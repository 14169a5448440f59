import { INGEST_KEYS_MAX_ACTIVE } from '@pitboss/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { bet, postEvents } from '../ingest/ingest.testing';
import { hashKey } from './key-material';

const URL = '/api/v2/system/ingest-keys';

describeEachDatabase('ingest keys', (t) => {
  let admin: string;
  let other: number;

  const create = (token: string, Name = 'Platform') => t.call({ method: 'POST', url: URL, token, payload: { Name } });
  const list = (token: string) => t.call({ method: 'GET', url: URL, token });

  beforeAll(async () => {
    admin = await t.login();
    other = await addCompany(t, 'Other Operator', 3);
  });

  it('shows a new key once, stores only its hash, and lists it without the key', async () => {
    const res = await create(admin, '  Production platform ');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.Key).toMatch(/^pbk_[A-Za-z0-9_-]{32}$/);
    expect(data).toMatchObject({ Name: 'Production platform', CreatedBy: 'admin', LastUsedAt: null, RevokedAt: null });
    expect(data.Key.startsWith(data.Prefix)).toBe(true);

    const { rows } = await t.db.query<{ key_hash: string }>('SELECT key_hash FROM ingest_key WHERE key_id = $1', [
      data.KeyID,
    ]);
    expect(rows[0]?.key_hash).toBe(hashKey(data.Key));
    const dump = JSON.stringify((await t.db.query('SELECT * FROM ingest_key')).rows);
    expect(dump).not.toContain(data.Key);

    const listed = (await list(admin)).json();
    const row = listed.data.recordset.find((k: { KeyID: number }) => k.KeyID === data.KeyID);
    expect(row).toEqual({
      KeyID: data.KeyID,
      Name: 'Production platform',
      Prefix: data.Prefix,
      CreateDate: data.CreateDate,
      CreatedBy: 'admin',
      LastUsedAt: null,
      RevokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(data.Key);
  });

  it('records the last use, and a revoked key answers 401 at once', async () => {
    const { data } = (await create(admin)).json();
    expect((await postEvents(t, data.Key, [bet()])).statusCode).toBe(200);
    await expect
      .poll(async () =>
        (await list(admin)).json().data.recordset.find((k: { KeyID: number }) => k.KeyID === data.KeyID),
      )
      .toMatchObject({ LastUsedAt: expect.any(String) });

    const revoked = await t.call({ method: 'DELETE', url: `${URL}/${data.KeyID}`, token: admin });
    expect(revoked.json()).toEqual({ status: 0 });
    const refused = await postEvents(t, data.Key, [bet()]);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ messageCode: 'INGEST_KEY_REVOKED', message: 'This ingest key was revoked' });
    const row = (await list(admin)).json().data.recordset.find((k: { KeyID: number }) => k.KeyID === data.KeyID);
    expect(row.RevokedAt).toEqual(expect.any(String));
    // Revoking again changes nothing.
    expect((await t.call({ method: 'DELETE', url: `${URL}/${data.KeyID}`, token: admin })).statusCode).toBe(200);
    const again = (await list(admin)).json().data.recordset.find((k: { KeyID: number }) => k.KeyID === data.KeyID);
    expect(again.RevokedAt).toBe(row.RevokedAt);
  });

  it('is for admins only', async () => {
    const editor = await tokenFor(t, 'key-editor', 'editor');
    const viewer = await tokenFor(t, 'key-viewer', 'viewer');
    for (const token of [editor, viewer]) {
      expect((await list(token)).statusCode).toBe(403);
      expect((await create(token)).statusCode).toBe(403);
      expect((await t.call({ method: 'DELETE', url: `${URL}/1`, token })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it("keeps each company's keys to itself", async () => {
    const mine = (await create(admin, 'Company 1 key')).json().data;
    const otherAdmin = await tokenFor(t, 'other-admin', 'admin', other);
    const theirs = (await create(otherAdmin, 'Company 2 key')).json().data;

    const otherList = (await list(otherAdmin)).json().data.recordset as { KeyID: number }[];
    expect(otherList.map((k) => k.KeyID)).toEqual([theirs.KeyID]);
    const denied = await t.call({ method: 'DELETE', url: `${URL}/${mine.KeyID}`, token: otherAdmin });
    expect(denied.statusCode).toBe(404);
    expect((await postEvents(t, mine.Key, [bet()])).statusCode).toBe(200);

    // Events sent with the other company's key belong to it only.
    const event = bet({ memberId: 'only-in-2' });
    expect((await postEvents(t, theirs.Key, [event])).json()).toEqual({ accepted: 1, duplicates: 0 });
    const { rows } = await t.db.query<{ cid: number }>('SELECT cid FROM bet WHERE member_id = $1', ['only-in-2']);
    expect(rows).toEqual([{ cid: other }]);
    // The same id is a different event in company 1.
    expect((await postEvents(t, mine.Key, [event])).json()).toEqual({ accepted: 1, duplicates: 0 });
  });

  it('names a blank name and limits active keys', async () => {
    const blank = await create(admin, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('Name');
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ingest_key WHERE cid = 1 AND revoked_at IS NULL',
    );
    for (let i = rows[0]?.n ?? 0; i < INGEST_KEYS_MAX_ACTIVE; i++) expect((await create(admin)).statusCode).toBe(200);
    const over = await create(admin);
    expect(over.statusCode).toBe(409);
    expect(over.json().messageCode).toBe('INGEST_KEYS_LIMIT');
  });

  describe('bad key ids', () => {
    it('answers 400 for a key id that is not a number and 404 for an unknown one', async () => {
      expect((await t.call({ method: 'DELETE', url: `${URL}/abc`, token: admin })).statusCode).toBe(400);
      expect((await t.call({ method: 'DELETE', url: `${URL}/99999`, token: admin })).statusCode).toBe(404);
    });
  });
});
