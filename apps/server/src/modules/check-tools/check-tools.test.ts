import type { IngestEventInput } from '@pitboss/contract';
import { createSimulation } from '@pitboss/simulator';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany, tokenFor } from '../../testing/users';
import { createIngestKey, postEvents } from '../ingest/ingest.testing';

/**
 * The check tools against a simulator run: every call's figures equal sums computed here, independently,
 * from the events the simulator sent. The company works in Taipei (UTC+8), so the local day 2026-11-11
 * is [2026-11-10T16:00Z, 2026-11-11T16:00Z); the run covers 2026-11-10T04:00Z to 2026-11-11T20:00Z.
 */
const BASE = '/api/v2/check-tool';
const SIM_START = Date.parse('2026-11-10T04:00:00Z');
const SIM_END = Date.parse('2026-11-11T20:00:00Z');
const DAY_START = Date.parse('2026-11-10T16:00:00Z');
const DAY_END = Date.parse('2026-11-11T16:00:00Z');
const ONE_DAY = { Start: '2026-11-11', End: '2026-11-11' };

type Ev = IngestEventInput & { at: string; memberId: string };
const cents = (n: number) => Math.round(n * 100);
const inDay = (e: Ev) => Date.parse(e.at) >= DAY_START && Date.parse(e.at) < DAY_END;
const localDay = (at: string) => new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(0, 10);

function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number) {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + value(item));
  return out;
}

describeEachDatabase('check tools', (t) => {
  let cid: number;
  let viewer: string;
  let events: Ev[];
  const of = <T extends Ev['type']>(type: T) => events.filter((e): e is Extract<Ev, { type: T }> => e.type === type);

  const post = async (path: string, body: Record<string, unknown>, token = viewer) => {
    const res = await t.call({ method: 'POST', url: `${BASE}/${path}`, token, payload: body });
    return res;
  };
  const list = async (path: string, body: Record<string, unknown>) => {
    const res = await post(path, { PageSize: 1000, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    return {
      rows: json.data.recordset as Record<string, unknown>[],
      cnt: json.cnt as number,
      totals: json.data.output.Totals as Record<string, number>,
    };
  };

  beforeAll(async () => {
    cid = await addCompany(t, 'Check Tools Co');
    const admin = await tokenFor(t, 'check-admin', 'admin', cid);
    viewer = await tokenFor(t, 'check-viewer', 'viewer', cid);
    const key = await createIngestKey(t, admin);
    const simulation = createSimulation({
      seed: 19,
      start: new Date(SIM_START),
      members: 40,
      eventsPerSecond: 0.1,
      games: 6,
    });
    events = [];
    for (const batch of simulation.batches(new Date(SIM_START), new Date(SIM_END), 1_000)) {
      const res = await postEvents(t, key, batch);
      if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.statusCode} ${res.body}`);
      events.push(...(JSON.parse(JSON.stringify(batch)) as Ev[]));
    }
    expect(of('bet').filter(inDay).length).toBeGreaterThan(1000);
  }, 300_000);

  it('overview: every member’s totals over the local day equal the sums of their events', async () => {
    const day = events.filter(inDay);
    const members = [...new Set(day.map((e) => e.memberId))].sort();
    const { rows, cnt, totals } = await list('overview', { ...ONE_DAY, MemberIDs: members, sort: 'MemberID Asc' });
    expect(cnt).toBe(members.length);
    const bets = of('bet').filter(inDay);
    const stake = sumBy(
      bets,
      (b) => b.memberId,
      (b) => cents(b.stake),
    );
    const payout = sumBy(
      bets,
      (b) => b.memberId,
      (b) => cents(b.payout),
    );
    const rounds = sumBy(
      bets,
      (b) => b.memberId,
      () => 1,
    );
    const topUp = sumBy(
      of('purchase').filter(inDay),
      (p) => p.memberId,
      (p) => cents(p.amount),
    );
    const tIn = sumBy(
      of('transfer').filter((x) => inDay(x) && x.direction === 'in'),
      (x) => x.memberId,
      (x) => cents(x.amount),
    );
    const tOut = sumBy(
      of('transfer').filter((x) => inDay(x) && x.direction === 'out'),
      (x) => x.memberId,
      (x) => cents(x.amount),
    );
    const bonus = sumBy(
      of('bonus').filter(inDay),
      (x) => x.memberId,
      (x) => cents(x.points),
    );
    const logins = sumBy(
      of('login').filter((x) => inDay(x) && x.success !== false),
      (x) => x.memberId,
      () => 1,
    );
    const failed = sumBy(
      of('login').filter((x) => inDay(x) && x.success === false),
      (x) => x.memberId,
      () => 1,
    );
    expect(rows.map((r) => r.MemberID)).toEqual(members);
    for (const r of rows) {
      const id = r.MemberID as string;
      expect(
        [
          r.Rounds,
          cents(r.Bet as number),
          cents(r.Payout as number),
          cents(r.WinLose as number),
          cents(r.TopUp as number),
        ],
        id,
      ).toEqual([
        rounds.get(id) ?? 0,
        stake.get(id) ?? 0,
        payout.get(id) ?? 0,
        (payout.get(id) ?? 0) - (stake.get(id) ?? 0),
        topUp.get(id) ?? 0,
      ]);
      expect(
        [
          cents(r.TransferIn as number),
          cents(r.TransferOut as number),
          cents(r.BonusPoints as number),
          r.Logins,
          r.FailedLogins,
        ],
        id,
      ).toEqual([tIn.get(id) ?? 0, tOut.get(id) ?? 0, bonus.get(id) ?? 0, logins.get(id) ?? 0, failed.get(id) ?? 0]);
    }
    const all = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect([totals.Rounds, cents(totals.Bet ?? 0), cents(totals.Payout ?? 0), cents(totals.TopUp ?? 0)]).toEqual([
      bets.length,
      all(stake),
      all(payout),
      all(topUp),
    ]);
  });

  it('tool-winlose, winlose-sort and game-by-time: per game and per member sums of the bets', async () => {
    const bets = of('bet').filter(inDay);
    const { rows, totals } = await list('winlose/tool-winlose', ONE_DAY);
    const stake = sumBy(
      bets,
      (b) => b.gameId,
      (b) => cents(b.stake),
    );
    const payout = sumBy(
      bets,
      (b) => b.gameId,
      (b) => cents(b.payout),
    );
    const count = sumBy(
      bets,
      (b) => b.gameId,
      () => 1,
    );
    const players = new Map<string, Set<string>>();
    for (const b of bets) players.set(b.gameId, (players.get(b.gameId) ?? new Set()).add(b.memberId));
    // A round counts on the local day of its first bet.
    const firstBet = new Map<string, Ev>();
    for (const b of of('bet'))
      if (!firstBet.has(`${b.gameId}|${b.roundId}`)) firstBet.set(`${b.gameId}|${b.roundId}`, b);
    const rounds = sumBy(
      [...firstBet.values()].filter(inDay),
      (b) => (b as { gameId: string }).gameId,
      () => 1,
    );
    expect(rows.map((r) => r.GameID).sort()).toEqual([...stake.keys()].sort());
    for (const r of rows) {
      const g = r.GameID as string;
      expect(
        [cents(r.Bet as number), cents(r.Payout as number), r.Bets, r.Players, r.Rounds, cents(r.GGR as number)],
        g,
      ).toEqual([
        stake.get(g),
        payout.get(g),
        count.get(g),
        players.get(g)?.size,
        rounds.get(g),
        (stake.get(g) ?? 0) - (payout.get(g) ?? 0),
      ]);
    }
    // Sorted by turnover by default, and the totals count each player once.
    const bet = rows.map((r) => r.Bet as number);
    expect(bet).toEqual([...bet].sort((a, b) => b - a));
    expect(totals.Players).toBe(new Set(bets.map((b) => b.memberId)).size);

    const game = rows[0]?.GameID as string;
    const ranked = await list('winlose-sort', { ...ONE_DAY, GameIDs: [game] });
    const inGame = bets.filter((b) => b.gameId === game);
    const byMember = sumBy(
      inGame,
      (b) => b.memberId,
      (b) => cents(b.payout) - cents(b.stake),
    );
    expect(ranked.cnt).toBe(byMember.size);
    for (const r of ranked.rows) expect(cents(r.WinLose as number)).toBe(byMember.get(r.MemberID as string));

    const byTime = await list('game-by-time', {
      Start: '2026-11-10',
      End: '2026-11-11',
      GameID: game,
      sort: 'Time Asc',
    });
    const gameBets = of('bet').filter((b) => b.gameId === game);
    const perDay = sumBy(
      gameBets.filter((b) => localDay(b.at) <= '2026-11-11'),
      (b) => localDay(b.at),
      (b) => cents(b.stake),
    );
    expect(byTime.rows.map((r) => [r.Time, cents(r.Bet as number)])).toEqual([...perDay.entries()].sort());
    const hourly = await list('game-by-time', { ...ONE_DAY, GameID: game, Bucket: 'hour' });
    expect(cents(hourly.totals.Bet ?? 0)).toBe(stake.get(game));
  });

  it('member-by-time and winlose-member-detail: one member by day and their rounds', async () => {
    const bets = of('bet');
    const member = bets.filter(inDay)[0]?.memberId as string;
    const mine = bets.filter((b) => b.memberId === member);
    const byDay = await list('winlose/member-by-time', {
      Start: '2026-11-10',
      End: '2026-11-11',
      MemberIDs: [member],
      sort: 'Time Asc',
    });
    const perDay = sumBy(
      mine.filter((b) => localDay(b.at) <= '2026-11-11'),
      (b) => localDay(b.at),
      (b) => cents(b.payout) - cents(b.stake),
    );
    expect(byDay.rows.map((r) => [r.Time, cents(r.WinLose as number)])).toEqual([...perDay.entries()].sort());
    const detail = await list('winlose-member-detail', { ...ONE_DAY, MemberIDs: [member] });
    const today = mine.filter(inDay);
    expect(detail.cnt).toBe(today.length);
    expect(cents(detail.totals.Bet ?? 0)).toBe(today.reduce((n, b) => n + cents(b.stake), 0));
    const times = detail.rows.map((r) => r.CreateDate as string);
    expect(times).toEqual([...times].sort().reverse());
    expect(detail.rows[0]).toMatchObject({ MemberID: member, Currency: 'USD' });
  });

  it('event, event-v2, event/detail and categories: bonus points by member, by category and each', async () => {
    const bonuses = of('bonus').filter(inDay);
    expect(bonuses.length).toBeGreaterThan(0);
    const total = bonuses.reduce((n, b) => n + cents(b.points), 0);
    const byMember = await list('event', ONE_DAY);
    expect(cents(byMember.totals.Points ?? 0)).toBe(total);
    const perMember = sumBy(
      bonuses,
      (b) => b.memberId,
      (b) => cents(b.points),
    );
    for (const r of byMember.rows) expect(cents(r.Points as number)).toBe(perMember.get(r.MemberID as string));
    const byCategory = await list('event-v2', ONE_DAY);
    const perCategory = sumBy(
      bonuses,
      (b) => `${b.category ?? ''}|${b.eventName ?? ''}`,
      (b) => cents(b.points),
    );
    expect(
      Object.fromEntries(byCategory.rows.map((r) => [`${r.Category}|${r.EventName}`, cents(r.Points as number)])),
    ).toEqual(Object.fromEntries(perCategory));
    const detail = await post('event/detail', { ...ONE_DAY, PageSize: 100_000 });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().cnt).toBe(bonuses.length);
    const categories = await t.call({ method: 'GET', url: `${BASE}/event/categories`, token: viewer });
    expect(
      categories
        .json()
        .data.map((c: { Category: string }) => c.Category)
        .sort(),
    ).toEqual([...new Set(of('bonus').map((b) => b.category ?? ''))].sort());
  });

  it('overview/event-vt: each bonus against the turnover that followed it until the next', async () => {
    const bonuses = of('bonus').filter(inDay);
    const member = bonuses[0]?.memberId as string;
    const mine = bonuses.filter((b) => b.memberId === member).sort((a, b) => a.at.localeCompare(b.at));
    const { rows } = await list('overview/event-vt', { ...ONE_DAY, MemberIDs: [member] });
    expect(rows).toHaveLength(mine.length);
    for (const [i, b] of mine.entries()) {
      const until = i + 1 < mine.length ? Date.parse(mine[i + 1]?.at as string) : DAY_END;
      const turnover = of('bet')
        .filter((x) => x.memberId === member && Date.parse(x.at) >= Date.parse(b.at) && Date.parse(x.at) < until)
        .reduce((n, x) => n + cents(x.stake), 0);
      const row = rows.find((r) => r.ID === b.id);
      expect(cents(row?.Turnover as number), b.id).toBe(turnover);
      expect(row?.Flagged).toBe(turnover < 2 * cents(b.points));
    }
  });

  it('over every member (no filter): counts and totals from the rollups equal the sums of the events', async () => {
    const bets = of('bet').filter(inDay);
    const stakeOf = (xs: Ev[]) => xs.reduce((n, b) => n + cents((b as { stake: number }).stake), 0);
    const payoutOf = (xs: Ev[]) => xs.reduce((n, b) => n + cents((b as { payout: number }).payout), 0);
    const bettors = new Set(bets.map((b) => b.memberId));

    const overview = await list('overview', ONE_DAY);
    expect(overview.cnt).toBe(overview.rows.length);
    expect(new Set(overview.rows.map((r) => r.MemberID))).toEqual(
      new Set(events.filter((e) => inDay(e) && e.type !== 'register').map((e) => e.memberId)),
    );
    expect([overview.totals.Rounds, cents(overview.totals.Bet ?? 0), cents(overview.totals.Payout ?? 0)]).toEqual([
      bets.length,
      stakeOf(bets),
      payoutOf(bets),
    ]);
    expect(cents(overview.totals.TopUp ?? 0)).toBe(
      of('purchase')
        .filter(inDay)
        .reduce((n, x) => n + cents(x.amount), 0),
    );
    expect(cents(overview.totals.BonusPoints ?? 0)).toBe(
      of('bonus')
        .filter(inDay)
        .reduce((n, x) => n + cents(x.points), 0),
    );

    const rounds = await list('winlose-member-detail', ONE_DAY);
    expect(rounds.cnt).toBe(bets.length);
    expect([cents(rounds.totals.Bet ?? 0), cents(rounds.totals.Payout ?? 0), rounds.totals.Unconverted]).toEqual([
      stakeOf(bets),
      payoutOf(bets),
      0,
    ]);
    const newest = [...bets].sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, 25);
    const page = await list('winlose-member-detail', { ...ONE_DAY, PageSize: 25 });
    expect(page.rows.map((r) => r.CreateDate)).toEqual(newest.map((b) => new Date(b.at).toISOString()));

    const ranked = await list('winlose-sort', ONE_DAY);
    expect(ranked.cnt).toBe(bettors.size);
    expect([cents(ranked.totals.Bet ?? 0), ranked.totals.Bets]).toEqual([stakeOf(bets), bets.length]);
    for (const r of ranked.rows) {
      const mine = bets.filter((b) => b.memberId === r.MemberID);
      expect([cents(r.Bet as number), r.Bets, r.Games], r.MemberID as string).toEqual([
        stakeOf(mine),
        mine.length,
        new Set(mine.map((b) => b.gameId)).size,
      ]);
    }
    const bet = ranked.rows.map((r) => r.Bet as number);
    expect(bet).toEqual([...bet].sort((a, b) => b - a));

    const byDay = await list('winlose/member-by-time', { Start: '2026-11-10', End: '2026-11-11', sort: 'Time Asc' });
    const twoDays = of('bet').filter((b) => localDay(b.at) <= '2026-11-11');
    const days = [...new Set(twoDays.map((b) => localDay(b.at)))].sort();
    expect(byDay.cnt).toBe(days.length);
    expect(byDay.rows.map((r) => [r.Time, cents(r.Bet as number), r.Rounds, r.Players])).toEqual(
      days.map((d) => {
        const of_d = twoDays.filter((b) => localDay(b.at) === d);
        return [d, stakeOf(of_d), of_d.length, new Set(of_d.map((b) => b.memberId)).size];
      }),
    );
    expect(cents(byDay.totals.Bet ?? 0)).toBe(stakeOf(twoDays));

    const bonuses = of('bonus').filter(inDay);
    const vt = await list('overview/event-vt', ONE_DAY);
    expect(vt.cnt).toBe(bonuses.length);
    expect(cents(vt.totals.Points ?? 0)).toBe(bonuses.reduce((n, b) => n + cents(b.points), 0));
    const times = vt.rows.map((r) => r.CreateDate as string);
    expect(times).toEqual([...times].sort().reverse());
    for (const b of bonuses) {
      const next = bonuses
        .filter((o) => o.memberId === b.memberId && (o.at > b.at || (o.at === b.at && o.id > b.id)))
        .map((o) => Date.parse(o.at))
        .sort((x, y) => x - y)[0];
      const until = next ?? DAY_END;
      const turnover = stakeOf(
        of('bet').filter(
          (x) => x.memberId === b.memberId && Date.parse(x.at) >= Date.parse(b.at) && Date.parse(x.at) < until,
        ),
      );
      const row = vt.rows.find((r) => r.ID === b.id);
      expect([cents(row?.Turnover as number), row?.Flagged], b.id).toEqual([turnover, turnover < 2 * cents(b.points)]);
    }
  });

  it('purchase, trade and log-member: every top-up, transfer and login of the day, with totals', async () => {
    const purchases = of('purchase').filter(inDay);
    const p = await list('purchase', ONE_DAY);
    expect(p.cnt).toBe(purchases.length);
    expect(cents(p.totals.AmountBase ?? 0)).toBe(purchases.reduce((n, x) => n + cents(x.amount), 0));
    const platform = purchases[0]?.platform as string;
    const onPlatform = await list('purchase', { ...ONE_DAY, Platform: platform });
    expect(onPlatform.cnt).toBe(purchases.filter((x) => x.platform === platform).length);
    const platforms = await t.call({ method: 'GET', url: `${BASE}/purchase/platforms`, token: viewer });
    expect(platforms.json().data).toContain(platform);
    const categories = await t.call({ method: 'GET', url: '/api/checkTool/getPurchaseCategory', token: viewer });
    expect(categories.statusCode).toBe(200);

    const transfers = of('transfer').filter(inDay);
    const tr = await list('trade', ONE_DAY);
    expect(tr.cnt).toBe(transfers.length);
    const sum = (dir: string) => transfers.filter((x) => x.direction === dir).reduce((n, x) => n + cents(x.amount), 0);
    expect([cents(tr.totals.TransferIn ?? 0), cents(tr.totals.TransferOut ?? 0)]).toEqual([sum('in'), sum('out')]);

    const logins = of('login').filter(inDay);
    const member = logins[0]?.memberId as string;
    const l = await list('member/log-member', { ...ONE_DAY, MemberIDs: [member] });
    expect(l.cnt).toBe(logins.filter((x) => x.memberId === member).length);
    const first = l.rows[0] as { IP: string; OthersOnIP: string[] };
    const sameIp = new Set(
      events
        .filter(
          (e) =>
            (e.type === 'login' || e.type === 'register') && inDay(e) && e.ip === first.IP && e.memberId !== member,
        )
        .map((e) => e.memberId),
    );
    expect(new Set(first.OthersOnIP)).toEqual(new Set([...sameIp].sort().slice(0, 20)));
  });

  it('overview/other: the members sharing an IP or device with the member, one hop', async () => {
    const day = events.filter((e) => (e.type === 'login' || e.type === 'register') && inDay(e)) as Extract<
      Ev,
      { type: 'login' | 'register' }
    >[];
    // The member with the most distinct other members on their IPs.
    const keysOf = (m: string) =>
      new Set(
        day
          .filter((e) => e.memberId === m)
          .flatMap((e) => [`ip:${e.ip}`, ...(e.type === 'login' && e.device ? [`d:${e.device}`] : [])]),
      );
    const regDevices = new Map(of('register').map((r) => [r.memberId, r.device]));
    const linked = (m: string) => {
      const keys = keysOf(m);
      const mine = regDevices.get(m);
      if (mine) keys.add(`d:${mine}`);
      const out = new Set<string>();
      for (const e of day) {
        if (e.memberId === m) continue;
        if (keys.has(`ip:${e.ip}`) || (e.type === 'login' && e.device && keys.has(`d:${e.device}`)))
          out.add(e.memberId);
      }
      for (const r of of('register'))
        if (r.memberId !== m && r.device && keys.has(`d:${r.device}`)) out.add(r.memberId);
      return out;
    };
    const members = [...new Set(day.map((e) => e.memberId))];
    const member = members.sort((a, b) => linked(b).size - linked(a).size)[0] as string;
    const { rows } = await list('overview/other', { ...ONE_DAY, MemberIDs: [member], Hops: 1 });
    expect(new Set(rows.map((r) => r.MemberID))).toEqual(linked(member));
    const none = await list('overview/other', { ...ONE_DAY, MemberIDs: ['nobody-here'] });
    expect(none.cnt).toBe(0);
  });

  it('member search by nick name; an unknown member is an empty list', async () => {
    const { rows: all } = await list('member', { ...ONE_DAY });
    expect(all.length).toBeGreaterThan(0);
    const nick = (all.find((r) => r.NickName) as { NickName: string }).NickName;
    const found = await list('member', { ...ONE_DAY, NickName: nick.toUpperCase() });
    expect(found.rows.every((r) => (r.NickName as string).toLowerCase().includes(nick.toLowerCase()))).toBe(true);
    expect(found.cnt).toBeGreaterThan(0);
    for (const path of ['overview', 'winlose-member-detail', 'purchase', 'member/log-member']) {
      const res = await list(path, { ...ONE_DAY, MemberIDs: ['no-such-member'] });
      expect([path, res.cnt]).toEqual([path, 0]);
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['overview', { Start: '2026-11-12', End: '2026-11-11' }, 'End'],
      ['overview', { Start: '2025-01-01', End: '2026-11-11' }, 'Start'],
      ['overview', { ...ONE_DAY, PageSize: 1001 }, 'PageSize'],
      ['event/detail', { ...ONE_DAY, PageSize: 100_001 }, 'PageSize'],
      ['overview', { ...ONE_DAY, sort: 'Password Desc' }, 'sort'],
      ['overview', { ...ONE_DAY, MemberIDs: Array.from({ length: 1001 }, (_, i) => `m${i}`) }, 'MemberIDs'],
      ['overview', { Start: '2026-11-31', End: '2026-12-01' }, 'Start'],
      ['purchase', { Start: '11/11/2026', End: '2026-11-11' }, 'Start'],
      ['trade', { Start: '2026-11-11' }, 'End'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, body);
      expect([path, field, res.statusCode]).toEqual([path, field, 400]);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await post('event/detail', { ...ONE_DAY, PageSize: 100_000 })).statusCode).toBe(200);
  });

  it('roles, price level and company scope', async () => {
    // A Mail user cannot log in; one whose role became Mail after logging in is refused too.
    const mail = await tokenFor(t, 'check-mail', 'viewer', cid);
    await t.db.query(
      `UPDATE company_user SET role = 'mail' WHERE cid = $1 AND aid = (SELECT aid FROM app_user WHERE account = 'check-mail')`,
      [cid],
    );
    expect((await post('overview', ONE_DAY, mail)).statusCode).toBe(403);
    const publisherCid = await addCompany(t, 'Check Publisher', 2);
    const publisher = await tokenFor(t, 'check-publisher', 'viewer', publisherCid);
    for (const path of ['purchase', 'trade', 'member/log-member']) {
      expect([path, (await post(path, ONE_DAY, publisher)).statusCode]).toEqual([path, 403]);
    }
    const res = await post('overview', ONE_DAY, publisher);
    expect(res.statusCode).toBe(200);
    expect(res.json().cnt).toBe(0);
    const editor = await tokenFor(t, 'check-editor', 'editor', cid);
    expect((await post('winlose/tool-winlose', ONE_DAY, editor)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `${BASE}/overview`, payload: ONE_DAY })).statusCode).toBe(401);
  });
});
