import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { loadExemptions } from './exemptions';

const WHITELIST = '/api/v2/monitor/whitelist';
const IPS = '/api/v2/monitor/whitelist/ip';

describeEachDatabase('whitelist', (t) => {
  let admin: string;
  let viewer: string;
  let other: string;
  let otherCid: number;

  const addMembers = (token: string, list: unknown[]) =>
    t.call({ method: 'POST', url: WHITELIST, token, payload: { WhiteMember_UDT: list } });
  const addIps = (token: string, list: unknown[]) =>
    t.call({ method: 'POST', url: IPS, token, payload: { WhiteIP_UDT: list } });
  const removeIps = (token: string, ips: string[]) =>
    t.call({ method: 'DELETE', url: IPS, token, payload: { IP_UDT: ips.map((IP) => ({ IP })) } });
  const counts = async () =>
    (
      await t.db.query<{ m: number; i: number; b: number }>(
        `SELECT (SELECT count(*)::int FROM whitelist_member) AS m, (SELECT count(*)::int FROM whitelist_ip) AS i,
                (SELECT count(*)::int FROM blacklist_member) AS b`,
      )
    ).rows[0];

  beforeAll(async () => {
    admin = await t.login();
    viewer = await tokenFor(t, 'wl-viewer', 'viewer');
    otherCid = await addCompany(t, 'Other Co');
    other = await tokenFor(t, 'wl-other', 'editor', otherCid);
  });

  describe('members', () => {
    it('adds, reports those already listed, lists with the member data, and removes', async () => {
      await t.db.query(
        `INSERT INTO member (cid, member_id, nick_name, vip_level, first_seen_at, last_seen_at)
         VALUES (1, 'vip-1', 'Whale', 9, now(), now())`,
      );
      const res = await addMembers(admin, [{ MemberID: 'vip-1', Memo: 'house account' }, { MemberID: 42 }]);
      expect(res.json()).toMatchObject({ status: 0, Added: ['vip-1', '42'], AlreadyListed: [] });
      expect((await addMembers(admin, [{ MemberID: ' 42 ' }])).json()).toMatchObject({
        Added: [],
        AlreadyListed: ['42'],
      });
      const page = (await t.call({ method: 'GET', url: `${WHITELIST}?sort=VIPLevel%20Desc`, token: viewer })).json();
      expect(page.cnt).toBe(2);
      expect(page.data.recordset[0]).toMatchObject({
        MemberID: 'vip-1',
        NickName: 'Whale',
        VIPLevel: 9,
        Memo: 'house account',
        CreatedBy: 'admin',
      });
      const filtered = (
        await t.call({ method: 'GET', url: `${WHITELIST}?MemberIDs=42&pageSize=5`, token: viewer })
      ).json();
      expect(filtered.data.recordset.map((r: { MemberID: string }) => r.MemberID)).toEqual(['42']);
      const removed = await t.call({
        method: 'DELETE',
        url: WHITELIST,
        token: admin,
        payload: { WhiteMember_UDT: [{ MemberID: 42 }, { MemberID: 'x' }] },
      });
      expect(removed.json()).toMatchObject({ Removed: ['42'], NotListed: ['x'] });
    });

    it('refuses a member on both lists, in either order, naming them and changing nothing', async () => {
      await t.call({
        method: 'POST',
        url: '/api/v2/monitor/blacklist/members',
        token: admin,
        payload: { BlackMember_UDT: [{ MemberID: 'bad-1' }] },
      });
      const before = await counts();
      const white = await addMembers(admin, [{ MemberID: 'fine-1' }, { MemberID: 'bad-1' }]);
      expect(white.statusCode).toBe(409);
      expect(white.json()).toMatchObject({
        messageCode: 'MEMBER_ON_BLACKLIST',
        errors: [{ field: 'WhiteMember_UDT[1].MemberID', message: 'bad-1 is on the blacklist' }],
      });
      expect(white.json().message).toContain('Remove them from the blacklist first');
      const black = await t.call({
        method: 'POST',
        url: '/api/v2/monitor/blacklist/members',
        token: admin,
        payload: { BlackMember_UDT: [{ MemberID: 'new-bad' }, { MemberID: 'vip-1' }] },
      });
      expect(black.statusCode).toBe(409);
      expect(black.json()).toMatchObject({
        messageCode: 'MEMBER_ON_WHITELIST',
        errors: [{ field: 'BlackMember_UDT[1].MemberID' }],
      });
      expect(await counts()).toEqual(before);
    });

    it('does not let two concurrent calls put one member on both lists', async () => {
      const results = await Promise.all([
        addMembers(admin, [{ MemberID: 'race-1' }]),
        t.call({
          method: 'POST',
          url: '/api/v2/monitor/blacklist/members',
          token: admin,
          payload: { BlackMember_UDT: [{ MemberID: 'race-1' }] },
        }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const before = await counts();
      for (const [list, field] of [
        [[{ MemberID: ' ' }], 'WhiteMember_UDT[0].MemberID'],
        [[{ MemberID: 'z'.repeat(65) }], 'WhiteMember_UDT[0].MemberID'],
        [Array.from({ length: 10_001 }, (_, i) => ({ MemberID: i })), 'WhiteMember_UDT'],
      ] as const) {
        const res = await addMembers(admin, [...list]);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe(field);
      }
      const noBody = await t.call({ method: 'POST', url: WHITELIST, token: admin, payload: {} });
      expect(noBody.json().errors[0].field).toBe('WhiteMember_UDT');
      expect((await t.call({ method: 'GET', url: `${WHITELIST}?pageSize=0`, token: viewer })).statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });
  });

  describe('IPs', () => {
    it('accepts IPv4, IPv6 and CIDR ranges, canonically, and reports duplicates', async () => {
      const res = await addIps(admin, [
        { IP: '203.0.113.7', Memo: 'office' },
        { IP: '10.0.0.0/8' },
        { IP: '2001:DB8:0:0::1' },
        { IP: '2001:db8:ff00::/40' },
        { IP: ' 203.0.113.7 ' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        Added: ['203.0.113.7', '10.0.0.0/8', '2001:db8::1', '2001:db8:ff00::/40'],
        AlreadyListed: [],
      });
      const again = await addIps(admin, [{ IP: '2001:db8::1' }, { IP: '198.51.100.0/24' }]);
      expect(again.json()).toMatchObject({ Added: ['198.51.100.0/24'], AlreadyListed: ['2001:db8::1'] });
    });

    it('lists page 1 of 25 by default, searches text and finds the ranges covering an address', async () => {
      const page = (await t.call({ method: 'GET', url: IPS, token: viewer })).json();
      expect(page.cnt).toBe(5);
      expect(page.data.recordset[0]).toHaveProperty('IP');
      expect(page.data.recordset.find((r: { IP: string }) => r.IP === '203.0.113.7')).toMatchObject({
        Memo: 'office',
        CreatedBy: 'admin',
      });
      const text = (await t.call({ method: 'GET', url: `${IPS}?IP=2001`, token: viewer })).json();
      expect(text.cnt).toBe(2);
      const covering = (await t.call({ method: 'GET', url: `${IPS}?Covering=10.20.30.40`, token: viewer })).json();
      expect(covering.data.recordset.map((r: { IP: string }) => r.IP)).toEqual(['10.0.0.0/8']);
      const badCovering = await t.call({ method: 'GET', url: `${IPS}?Covering=10.0.0.0/8`, token: viewer });
      expect(badCovering.statusCode).toBe(400);
      const sorted = (
        await t.call({ method: 'GET', url: `${IPS}?sort=IP%20Asc&pageSize=2&page=1`, token: viewer })
      ).json();
      expect(sorted.data.recordset.map((r: { IP: string }) => r.IP)).toEqual(['10.0.0.0/8', '198.51.100.0/24']);
    });

    it('refuses malformed addresses and ranges, naming the entry and changing nothing', async () => {
      const before = await counts();
      for (const [ip, hint] of [
        ['999.1.1.1', 'IPv4 or IPv6'],
        ['10.0.0.0/33', 'IPv4 or IPv6'],
        ['2001:db8::/129', 'IPv4 or IPv6'],
        ['10.1.2.3/8', 'did you mean 10.0.0.0/8'],
        ['example.com', 'IPv4 or IPv6'],
        ['', 'IPv4 or IPv6'],
        ['1.2.3.4; DROP TABLE', 'IPv4 or IPv6'],
      ]) {
        const res = await addIps(admin, [{ IP: '192.0.2.1' }, { IP: ip }]);
        expect(res.statusCode, ip).toBe(400);
        expect(res.json().errors[0].field, ip).toBe('WhiteIP_UDT[1].IP');
        expect(res.json().message, ip).toContain(hint);
      }
      expect((await removeIps(admin, ['nope'])).statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it('removes exact entries and reports the rest', async () => {
      const res = await removeIps(admin, ['198.51.100.0/24', '10.1.1.1', '2001:DB8::1']);
      expect(res.json()).toMatchObject({ Removed: ['198.51.100.0/24', '2001:db8::1'], NotListed: ['10.1.1.1'] });
    });
  });

  describe('exemptions for the detectors', () => {
    it('answer the whitelisted members and whether an address falls in a whitelisted range', async () => {
      const exemptions = await loadExemptions(t.db, 1);
      expect(exemptions.isMemberExempt('vip-1')).toBe(true);
      expect(exemptions.isMemberExempt('bad-1')).toBe(false);
      expect([...exemptions.ipRanges].sort()).toEqual(['10.0.0.0/8', '2001:db8:ff00::/40', '203.0.113.7/32']);
      expect(exemptions.isIpExempt('10.255.0.1')).toBe(true);
      expect(exemptions.isIpExempt('11.0.0.1')).toBe(false);
      expect(exemptions.isIpExempt('203.0.113.7')).toBe(true);
      expect(exemptions.isIpExempt('203.0.113.8')).toBe(false);
      expect(exemptions.isIpExempt('::ffff:10.1.2.3')).toBe(true);
      expect(exemptions.isIpExempt('2001:db8:ff12::9')).toBe(true);
      expect(exemptions.isIpExempt('2001:db8::1')).toBe(false);
      expect(exemptions.isIpExempt('not an ip')).toBe(false);
      const empty = await loadExemptions(t.db, otherCid);
      expect(empty.memberIds.size + empty.ipRanges.length).toBe(0);
    });
  });

  describe('access', () => {
    it('lets a viewer read and refuses writes with 403', async () => {
      const before = await counts();
      expect((await t.call({ method: 'GET', url: WHITELIST, token: viewer })).statusCode).toBe(200);
      expect((await addMembers(viewer, [{ MemberID: 'v' }])).statusCode).toBe(403);
      expect((await addIps(viewer, [{ IP: '192.0.2.9' }])).statusCode).toBe(403);
      expect((await removeIps(viewer, ['10.0.0.0/8'])).statusCode).toBe(403);
      const del = await t.call({
        method: 'DELETE',
        url: WHITELIST,
        token: viewer,
        payload: { WhiteMember_UDT: [{ MemberID: 'vip-1' }] },
      });
      expect(del.statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('keeps companies apart', async () => {
      expect((await t.call({ method: 'GET', url: WHITELIST, token: other })).json().cnt).toBe(0);
      expect((await t.call({ method: 'GET', url: IPS, token: other })).json().cnt).toBe(0);
      expect((await removeIps(other, ['10.0.0.0/8'])).json().Removed).toEqual([]);
      const del = await t.call({
        method: 'DELETE',
        url: WHITELIST,
        token: other,
        payload: { WhiteMember_UDT: [{ MemberID: 'vip-1' }] },
      });
      expect(del.json().Removed).toEqual([]);
      // bad-1 is blacklisted in company 1 only: company 2 may whitelist it.
      expect((await addMembers(other, [{ MemberID: 'bad-1' }])).json().Added).toEqual(['bad-1']);
      expect((await loadExemptions(t.db, 1)).isIpExempt('10.0.0.1')).toBe(true);
    });
  });
});
