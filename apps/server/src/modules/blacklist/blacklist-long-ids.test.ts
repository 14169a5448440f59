import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('blacklist member IDs in the path', (t) => {
  describe('the longest IDs the lists take', () => {
    it('are edited and read even when their URL-encoded form is long (64 CJK characters)', async () => {
      const admin = await t.login();
      const id = '會'.repeat(64);
      const added = await t.call({
        method: 'POST',
        url: '/api/v2/monitor/blacklist/members',
        token: admin,
        payload: { BlackMember_UDT: [{ MemberID: id }] },
      });
      expect(added.json().Added).toEqual([id]);
      const path = encodeURIComponent(id);
      const edit = await t.call({ method: 'PUT', url: `/api/blockList/${path}`, token: admin, payload: { Memo: 'x' } });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().data).toMatchObject({ MemberID: id, Memo: 'x' });
      const one = await t.call({ method: 'GET', url: `/api/v2/monitor/blacklist/members/${path}`, token: admin });
      expect(one.statusCode).toBe(200);
    });
  });
});
