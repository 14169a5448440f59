import { endpoint } from '../common/endpoint';

/**
 * The check tools (spec §7 "Check tool", under `/api/v2/check-tool/`). POST calls take the body Start,
 * End (dates in the company's time zone, inclusive), MemberIDs, NickName, PageNumber, PageSize, their
 * own filters and a sort. Schemas: `checkToolsIo` in `check-tools.schemas.ts`. The alert overview is
 * `player-alerts`'; MonitorGame and MonitorGameType are `game-rtp`'s.
 */

const BASE = '/api/v2/check-tool';
const TAG = 'check-tool';
/** Member login data, top-ups and transfers: platform and aggregator only (spec §2). */
const PLATFORM_AND_AGGREGATOR = ['platform', 'aggregator'] as const;

export const searchCheckMembers = endpoint('searchCheckMembers', {
  method: 'POST',
  path: `${BASE}/member`,
  summary: 'Members found by member ID, nick name, mobile or account (member search keys 1–4)',
  tag: TAG,
  access: 'read',
});

export const getMemberOverview = endpoint('getMemberOverview', {
  method: 'POST',
  path: `${BASE}/overview`,
  summary:
    "Members' profile and totals over the range: rounds, turnover, payout, win/lose, RTP, top-ups, transfers, bonus points",
  tag: TAG,
  access: 'read',
});

export const getToolWinLose = endpoint('getToolWinLose', {
  method: 'POST',
  path: `${BASE}/winlose/tool-winlose`,
  summary: 'Per game over the range: rounds, players, bets, turnover, payout, GGR, RTP',
  tag: TAG,
  access: 'read',
});

export const getEventSummary = endpoint('getEventSummary', {
  method: 'POST',
  path: `${BASE}/event`,
  summary: 'Bonus points per member over the range',
  tag: TAG,
  access: 'read',
});

export const getEventSummaryV2 = endpoint('getEventSummaryV2', {
  method: 'POST',
  path: `${BASE}/event-v2`,
  summary: 'Bonus points by category and event name over the range',
  tag: TAG,
  access: 'read',
});

export const getEventDetail = endpoint('getEventDetail', {
  method: 'POST',
  path: `${BASE}/event/detail`,
  summary: 'Every bonus over the range (page size up to 100,000)',
  tag: TAG,
  access: 'read',
});

export const getEventVt = endpoint('getEventVt', {
  method: 'POST',
  path: `${BASE}/overview/event-vt`,
  summary: "A member's bonuses against the turnover that followed each (flagged below VTCheck × the bonus)",
  tag: TAG,
  access: 'read',
});

export const getLinkedAccounts = endpoint('getLinkedAccounts', {
  method: 'POST',
  path: `${BASE}/overview/other`,
  summary: 'Other accounts linked to a member by shared IP or device, one hop and two, with how strongly',
  tag: TAG,
  access: 'read',
});

export const getPurchases = endpoint('getPurchases', {
  method: 'POST',
  path: `${BASE}/purchase`,
  summary: 'Top-ups over the range, as sent and in the base currency',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});

export const getTrades = endpoint('getTrades', {
  method: 'POST',
  path: `${BASE}/trade`,
  summary: 'Transfers in and out over the range, with counterparties',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});

export const getMemberByTime = endpoint('getMemberByTime', {
  method: 'POST',
  path: `${BASE}/winlose/member-by-time`,
  summary: "Members' results by day or hour over the range",
  tag: TAG,
  access: 'read',
});

export const getGameByTime = endpoint('getGameByTime', {
  method: 'POST',
  path: `${BASE}/game-by-time`,
  summary: 'One game by day or hour over the range (page size 20)',
  tag: TAG,
  access: 'read',
});

export const getWinLoseSort = endpoint('getWinLoseSort', {
  method: 'POST',
  path: `${BASE}/winlose-sort`,
  summary: 'Members ranked by their results over the range, optionally in some games (default Bet Desc)',
  tag: TAG,
  access: 'read',
});

export const getWinLoseMemberDetail = endpoint('getWinLoseMemberDetail', {
  method: 'POST',
  path: `${BASE}/winlose-member-detail`,
  summary: "Members' rounds over the range: round, game, side, stake, payout, time",
  tag: TAG,
  access: 'read',
});

export const getMemberLogins = endpoint('getMemberLogins', {
  method: 'POST',
  path: `${BASE}/member/log-member`,
  summary: 'Every login over the range with IP, device, success and the other members seen on that IP or device',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});

export const getEventCategories = endpoint('getEventCategories', {
  method: 'GET',
  path: `${BASE}/event/categories`,
  summary: 'Bonus categories and their event names',
  tag: TAG,
  access: 'read',
});

export const getPurchasePlatforms = endpoint('getPurchasePlatforms', {
  method: 'GET',
  path: `${BASE}/purchase/platforms`,
  summary: 'Top-up platforms seen',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});

export const getPurchasePaymentNames = endpoint('getPurchasePaymentNames', {
  method: 'GET',
  path: `${BASE}/purchase/payment-names`,
  summary: 'Top-up payment names seen',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});

export const getPurchaseCategory = endpoint('getPurchaseCategory', {
  method: 'GET',
  path: '/api/checkTool/getPurchaseCategory',
  summary: 'Top-up categories seen',
  tag: TAG,
  access: 'read',
  priceLevels: PLATFORM_AND_AGGREGATOR,
});
