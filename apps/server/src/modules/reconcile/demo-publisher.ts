import type { BetEvent } from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../lib/auth-context';
import { lockFirstStart } from '../companies/companies.repository';
import { upsertRates } from '../currency/currency.repository';
import * as repo from './reconcile.repository';
import { ReconcileService } from './reconcile.service';

export const DEMO_PUBLISHER_NAME = 'Demo Publisher';

/** The demo publisher's customers: the operators it bills, their terms and the customer ids their bets carry. */
const CUSTOMERS = [
  {
    businessName: 'Golden Dragon Casino',
    currency: 'USD',
    ids: ['gd-main', 'gd-asia'],
    basis: 'GGR',
    rate: 12,
    minimumFee: 500,
    players: 60,
    bets: 900,
  },
  {
    businessName: 'Lucky Star Online',
    currency: 'USD',
    ids: ['lucky-star'],
    basis: 'GGR',
    rate: 10,
    minimumFee: 200,
    players: 40,
    bets: 600,
  },
  {
    businessName: 'Royal Spin',
    // Billed in baht: the figures are converted from the base currency (USD) with DEMO_RATES.
    currency: 'THB',
    ids: ['royal-spin'],
    basis: 'Turnover',
    rate: 0.8,
    minimumFee: 3500,
    players: 25,
    bets: 400,
  },
] as const;
/** The demo publisher's exchange rate for its baht customer, dated the first day of the demo month. */
const DEMO_RATES = [{ Currency: 'THB', Rate: 0.0285 }] as const;
const GAMES = ['dragon-slots', 'fortune-wheel', 'baccarat-live', 'mahjong-ways', 'lucky-fish'] as const;

/** A small deterministic generator (mulberry32): the same demo month every time. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The month before `now` as `YYYY-MM` and its number of days (UTC calendar; the bets sit mid-day). */
export function previousMonth(now: Date): { month: string; days: number } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { month: `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`, days };
}

/** The demo bets of one customer in `month`: ids `prefix-n`, between 02:00 and 10:00 UTC (the same day in Asia). */
export function demoBets(
  customer: { ids: readonly string[]; players: number; bets: number },
  month: { month: string; days: number },
  prefix: string,
  seed: number,
): BetEvent[] {
  const next = random(seed);
  const bets: BetEvent[] = [];
  for (let n = 0; n < customer.bets; n += 1) {
    const day = 1 + Math.floor(next() * month.days);
    const minute = 120 + Math.floor(next() * 480);
    const at = `${month.month}-${String(day).padStart(2, '0')}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`;
    const stake = Math.round((5 + next() * 195) * 100) / 100;
    // The house keeps about 5%: most rounds lose, some pay back up to 4 times the stake.
    const payout = next() < 0.45 ? Math.round(stake * (1 + next() * 1.2) * 100) / 100 : 0;
    bets.push({
      type: 'bet',
      id: `${prefix}-${n}`,
      at,
      memberId: `${customer.ids[0]}-player-${1 + Math.floor(next() * customer.players)}`,
      gameId: GAMES[Math.floor(next() * GAMES.length)] as string,
      roundId: `${prefix}-round-${n}`,
      stake,
      payout,
      currency: 'USD',
      customerId: customer.ids[Math.floor(next() * customer.ids.length)] as string,
    });
  }
  return bets;
}

/**
 * While the demo is on (PITBOSS_DEMO), every start makes sure "Demo Publisher" (operator type 2) is
 * there, with three customers and last month's traffic carrying their customer ids, so that the
 * reconcile screens have something to show: the start's administrator is an admin there too (company
 * switch). Last month is opened for the first customer and sent for confirmation (frozen), with a few
 * bets arriving afterwards (a difference), and opened (pending) for the second; the third waits to be
 * opened.
 *
 * Idempotent: a publisher named "Demo Publisher" counts as the demo one. Missing, it is created (under
 * the first-start lock, so two processes never both create it); found without any reconciliation (a
 * start that stopped half way), its traffic is stored again (the bets' ids make that a no-op for those
 * already stored) and its months opened; found with reconciliations, nothing changes. Answers the
 * company's id and whether anything was written.
 */
export async function ensureDemoPublisher(
  app: FastifyInstance,
  adminAccount: string,
  now = new Date(),
): Promise<{ cid: number; created: boolean }> {
  const month = previousMonth(now);
  const found = await app.db.tx(async (sql) => {
    await lockFirstStart(sql);
    let cid = await repo.findCompanyByName(sql, DEMO_PUBLISHER_NAME, 2);
    if (cid === undefined) {
      cid = await app.companies.create({ name: DEMO_PUBLISHER_NAME, operatorType: 2 }, sql);
    } else if ((await repo.countWorkflows(sql, cid)) > 0) {
      return { cid, done: true, aid: 0, customers: [] as number[] };
    }
    const aid = (await repo.addAdminMembership(sql, cid, adminAccount)) ?? 0;
    await upsertRates(
      sql,
      cid,
      DEMO_RATES.map((r) => ({ ...r, Date: `${month.month}-01` })),
    );
    const customers: number[] = [];
    for (const c of CUSTOMERS) {
      let id = await repo.findCustomerByName(sql, cid, c.businessName);
      if (id === undefined) {
        id = await repo.insertCustomer(sql, cid, {
          businessName: c.businessName,
          status: '2',
          currency: c.currency,
          commissionBasis: c.basis,
          commissionRate: c.rate,
          minimumFee: c.minimumFee,
          contacts: '',
          memo: 'Demo customer',
        });
        await repo.replaceCustomerIds(sql, cid, id, [...c.ids]);
      }
      customers.push(id);
    }
    return { cid, done: false, aid, customers };
  });
  if (found.done) return { cid: found.cid, created: false };
  const { cid, aid, customers } = found;
  for (const [i, c] of CUSTOMERS.entries()) {
    await app.eventStore.store(cid, demoBets(c, month, `demo-${i}`, 20261125 + i));
  }
  const auth: AuthContext = {
    aid,
    account: adminAccount,
    name: 'Administrator',
    cid,
    role: 'admin',
    operatorType: 2,
    priceLevel: 'publisher',
    isPublisher: true,
    isSuperAdmin: false,
    ipAllowlist: [],
  };
  const service = new ReconcileService(app.db);
  const first = await service.openWorkflow(auth, { CustomerID: customers[0] as number, Month: month.month });
  await service.addAdjustment(auth, first, {
    Adjust: 1,
    Amount: 150,
    ReportMonth: 0,
    Memo: 'Promotion agreed with the customer',
  });
  await service.setStatus(auth, first, { Status: '2', Memo: 'Bill sent' });
  // Late bets of the frozen month: shown as a difference, never a change of the bill sent.
  await app.eventStore.store(cid, demoBets({ ...CUSTOMERS[0], bets: 25 }, month, 'demo-late', 7));
  await service.openWorkflow(auth, { CustomerID: customers[1] as number, Month: month.month });
  return { cid, created: true };
}
