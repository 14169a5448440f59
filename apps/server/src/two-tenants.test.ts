import type { Endpoint, PriceLevel, ServerMessage } from '@pitboss/contract';
import * as contract from '@pitboss/contract';
import { type SHOWCASE_KINDS, showcasePlant } from '@pitboss/simulator/demo';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createIngestKey, postEvents } from './modules/ingest/ingest.testing';
import { AUTHORIZATION_MATRIX } from './testing/authorization-matrix';
import { HttpStub } from './testing/http-stub';
import { describeEachDatabase, type TestApp } from './testing/test-app';
import { addCompany, addUser } from './testing/users';

/**
 * Issue 21, item 6: two tenants on every endpoint. Company A (an aggregator and a publisher company,
 * one administrator) holds records of every kind that has an id; company B's administrator calls every
 * endpoint of the contract (the same list as the authorization matrix) with A's ids, member ids,
 * addresses and EventIDs, and again with ids nobody has. Each call must answer exactly as for the
 * unknown ids (same status, same messageCode), no answer may carry anything of A (every text of A holds
 * the marker `qqa`), and every row of A is identical afterwards. A new endpoint without its case here
 * fails the test. B's websocket receives nothing of A's live alerts.
 */

const ENDPOINTS = (Object.values(contract) as unknown[]).filter(
  (v): v is Endpoint =>
    typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v && 'access' in v,
);

/** Everything of a company an attacker might name: A's real ones, or ones nobody has. */
interface Target {
  cid: number;
  pubCid: number;
  ruleId: number;
  gameRuleId: number;
  launderingRuleId: number;
  alertId: number;
  gameAlertId: number;
  launderingAlertId: number;
  /** A member of A with alerts, logins, bets… */
  memberId: string;
  blackMemberId: string;
  whiteMemberId: string;
  whiteIp: string;
  gameId: string;
  eventId: string;
  blockApiId: number;
  keyId: number;
  aid: number;
  groupId: number;
  groupName: string;
  keyName: string;
  invitationId: number;
  mailLogId: number;
  telegramChatId: number;
  subscriptionId: number;
  deliveryId: number;
  customerId: number;
  customerMemberId: string;
  workflowId: number;
}

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  /** Sent with B's ingest key instead of B's administrator's token. */
  ingest?: boolean;
}

type Case = { skip: string } | { build: (v: Target) => Req[]; status?: number; sameBody?: boolean };

const get = (url: string): Req => ({ method: 'GET', url });
const post = (url: string, payload: unknown = {}): Req => ({ method: 'POST', url, payload });
const put = (url: string, payload: unknown = {}): Req => ({ method: 'PUT', url, payload });
const del = (url: string, payload?: unknown): Req => ({ method: 'DELETE', url, ...(payload ? { payload } : {}) });
const one =
  (f: (v: Target) => Req) =>
  (v: Target): Req[] => [f(v)];
/** An id-taking call: A's id must be unknown to B (404). */
const byId = (f: (v: Target) => Req): Case => ({ build: one(f), status: 404 });
/** A call that takes lists or filters: whatever it answers, it answers as for unknown ids. */
const listing = (...fs: ((v: Target) => Req)[]): Case => ({ build: (v) => fs.map((f) => f(v)) });

/** A call whose whole answer must be the one for unknown ids (counts of new and known records). */
const sameBody = (f: (v: Target) => Req): Case => ({ build: one(f), sameBody: true });

const DAY = '2026-01-01T00:00:00Z';
const NOW = '2027-01-01T00:00:00Z';
/** Check tools take calendar days: from the start of the year to today. */
const FIRST = '2026-01-01';
const TODAY = new Date().toISOString().slice(0, 10);
const search = (v: Target, extra: Record<string, unknown> = {}) => ({
  Start: FIRST,
  End: TODAY,
  MemberIDs: v.memberId,
  ...extra,
});
const playerRule = (name: string) => ({
  EventName: name,
  EventType: 1,
  TimeUnit: 'hour',
  LoopValue: 2,
  Enabled: true,
  Levels: [{ Level: 1, Op: '>=', Value: 2, MinSample: 20 }],
});
const gameRule = (name: string, gameId: string) => ({
  EventName: name,
  Scope: 'game',
  GameType: null,
  GameID: gameId,
  ExpectedRTP: 0.96,
  TimeUnit: 'hour',
  LoopValue: 6,
  MinRounds: 500,
  Levels: [{ Level: 1, Above: 2, Below: 2, Confidence: 0.99 }],
  Enabled: true,
});
const launderingRule = (name: string) => ({
  EventName: name,
  SidePairs: [['banker', 'player']],
  GameTypes: ['baccarat'],
  MinStake: 50,
  StakeTolerance: 5,
  TimeUnit: 'hour',
  LoopValue: 6,
  Enabled: true,
  Levels: [{ Level: 1, Rounds: 3, MatchedStake: 1000, Op: 'and' }],
});
const subscription = (name: string) => ({ Name: name, Frequency: 'daily', Hour: 8, Mails: ['tenant-b@example.com'] });
const customer = (v: Target) => ({
  BusinessName: 'Tenant B customer',
  Currency: 'USD',
  CommissionRate: 10,
  CustomerIDs: [v.customerMemberId],
});

/** Every endpoint of the contract: how B's administrator calls it against A. */
const CASES: Record<string, Case> = {
  // Public: no token and no company; they name no record of a company.
  login: { skip: 'public, no company' },
  register: { skip: 'public, no company (a registration token names its company)' },
  checkEmail: { skip: 'public, no company' },
  checkRegisterUrl: { skip: 'public, no company (a registration token names its company)' },
  accountByEmail: { skip: 'public, no company' },
  resetPassword: { skip: 'public, no company (a reset token names its account)' },
  sendResetMail: { skip: 'public, no company' },
  ipVerify: { skip: 'public, no company' },
  // The session: B cannot move into A.
  authCheck: listing(() => post('/api/v2/auth/check')),
  userInfo: listing(() => get('/api/v2/auth/user-info')),
  updateUserPreference: listing(() => put('/api/v2/auth/update-user-preference', { language: 'en' })),
  updateCompanyPermission: listing((v) => post('/api/v2/auth/update-company-permission', { cid: v.cid })),
  changePassword: { skip: 'the caller’s own password; names nothing of another company' },
  getRiskDashboard: listing(() => get(`/api/v2/dashboard/risk?Start=${DAY}&End=${NOW}`)),
  // Player rules and alerts.
  listAlertRules: listing(() => get('/api/v2/monitor/alert-settings')),
  createAlertRule: listing(() => post('/api/v2/monitor/alert-settings', playerRule('Tenant B rule'))),
  updateAlertRule: byId((v) => put(`/api/v2/monitor/alert-settings/${v.ruleId}`, playerRule('Tenant B took it'))),
  deleteAlertRule: byId((v) => del(`/api/v2/monitor/alert-settings/${v.ruleId}`)),
  setAlertRuleEnabled: byId((v) => put(`/api/v2/monitor/alert-settings/${v.ruleId}/enabled`, { Enabled: false })),
  listAlerts: listing(
    () => get('/api/v2/monitor/alert-events'),
    (v) => get(`/api/v2/monitor/alert-events?MemberIDs=${v.memberId}&EventIDs=${v.ruleId}`),
  ),
  getAlert: byId((v) => get(`/api/v2/monitor/alert-events/${v.alertId}`)),
  processAlerts: listing((v) => put('/api/v2/monitor/alert-events', { AlertIDs: [v.alertId], Memo: 'Tenant B' })),
  blacklistAndProcessAlert: byId((v) =>
    post(`/api/v2/monitor/alert-events/${v.alertId}/blacklist-and-process`, { MemberIDs: [v.memberId], Memo: 'B' }),
  ),
  // Blacklist and block APIs.
  listBlacklistMembers: listing(
    () => get('/api/v2/monitor/blacklist/members'),
    (v) => get(`/api/v2/monitor/blacklist/members?MemberIDs=${v.blackMemberId}&Keyword=qqa`),
  ),
  getBlacklistMember: byId((v) => get(`/api/v2/monitor/blacklist/members/${v.blackMemberId}`)),
  // A's whitelisted member may go on B's blacklist, as an unknown one: A's lists are not B's.
  addBlacklistMembers: sameBody((v) =>
    post('/api/v2/monitor/blacklist/members', { BlackMember_UDT: [{ MemberID: v.whiteMemberId }] }),
  ),
  updateBlacklistMember: byId((v) => put(`/api/blockList/${v.blackMemberId}`, { Memo: 'Tenant B' })),
  removeBlacklistMembers: listing((v) => del('/api/blockList', { BlackMember_UDT: [{ MemberID: v.blackMemberId }] })),
  listBlockApis: listing(() => get('/api/v2/monitor/blacklist/api')),
  addBlockApi: { skip: 'adds to the caller’s own list; names nothing of another company' },
  updateBlockApi: byId((v) =>
    put(`/api/v2/monitor/blacklist/api/${v.blockApiId}`, { Name: 'Tenant B', Url: 'http://127.0.0.1:9/b' }),
  ),
  deleteBlockApi: byId((v) => del(`/api/v2/monitor/blacklist/api/${v.blockApiId}`)),
  getBlockApiToken: listing(() => get('/api/v2/monitor/blacklist/token')),
  setBlockApiToken: { skip: 'the caller’s own company setting; names nothing of another company' },
  getLockStatus: listing((v) => get(`/api/v2/monitor/blacklist/lock-status?MemberIDs=${v.blackMemberId}`)),
  listBlockApiLogs: listing(
    () => get('/api/v2/monitor/blacklist/logs'),
    (v) => get(`/api/v2/monitor/blacklist/logs?MemberIDs=${v.blackMemberId}&APIID=${v.blockApiId}`),
  ),
  // Whitelist.
  listWhitelistMembers: listing(
    () => get('/api/v2/monitor/whitelist'),
    (v) => get(`/api/v2/monitor/whitelist?MemberIDs=${v.whiteMemberId}&Keyword=qqa`),
  ),
  addWhitelistMembers: sameBody((v) =>
    post('/api/v2/monitor/whitelist', { WhiteMember_UDT: [{ MemberID: v.blackMemberId }] }),
  ),
  removeWhitelistMembers: listing((v) =>
    del('/api/v2/monitor/whitelist', { WhiteMember_UDT: [{ MemberID: v.whiteMemberId }] }),
  ),
  listWhitelistIps: listing(
    () => get('/api/v2/monitor/whitelist/ip'),
    (v) => get(`/api/v2/monitor/whitelist/ip?Covering=${v.whiteIp}`),
  ),
  addWhitelistIps: sameBody((v) => post('/api/v2/monitor/whitelist/ip', { WhiteIP_UDT: [{ IP: v.whiteIp }] })),
  removeWhitelistIps: listing((v) => del('/api/v2/monitor/whitelist/ip', { IP_UDT: [{ IP: v.whiteIp }] })),
  // Game RTP.
  listGameRtpSettings: listing(() => get('/api/v2/monitor/game-rtp-settings')),
  createGameRtpSetting: listing((v) => post('/api/v2/monitor/game-rtp-settings', gameRule('Tenant B game', v.gameId))),
  updateGameRtpSetting: byId((v) =>
    put(`/api/v2/monitor/game-rtp-settings/${v.gameRuleId}`, {
      ...gameRule('Tenant B took it', ''),
      Scope: 'type',
      GameType: 'slot',
      GameID: null,
      ExpectedRTP: null,
    }),
  ),
  deleteGameRtpSetting: byId((v) => del(`/api/v2/monitor/game-rtp-settings/${v.gameRuleId}`)),
  listGameRtpAlerts: listing(
    () => get('/api/v2/monitor/game-rtp-alerts'),
    (v) => get(`/api/v2/monitor/game-rtp-alerts?GameIDs=${v.gameId}`),
  ),
  getGameRtpAlert: byId((v) => get(`/api/v2/monitor/game-rtp-alerts/${v.gameAlertId}`)),
  processGameRtpAlerts: listing((v) =>
    put('/api/v2/monitor/game-rtp-alerts', { AlertIDs: [v.gameAlertId], Memo: 'Tenant B' }),
  ),
  // Opposing bets.
  listLaunderingSettings: listing(() => get('/api/v2/monitor/laundering-settings')),
  createLaunderingSetting: listing(() => post('/api/v2/monitor/laundering-settings', launderingRule('Tenant B'))),
  updateLaunderingSetting: byId((v) =>
    put(`/api/v2/monitor/laundering-settings/${v.launderingRuleId}`, launderingRule('Tenant B took it')),
  ),
  deleteLaunderingSetting: byId((v) => del(`/api/v2/monitor/laundering-settings/${v.launderingRuleId}`)),
  listLaunderingAlerts: listing(
    () => get('/api/v2/monitor/laundering-alerts'),
    (v) => get(`/api/v2/monitor/laundering-alerts?MemberIDs=${v.memberId}`),
  ),
  getLaunderingAlert: byId((v) => get(`/api/v2/monitor/laundering-alerts/${v.launderingAlertId}`)),
  processLaunderingAlerts: listing((v) =>
    put('/api/v2/monitor/laundering-alerts', { AlertIDs: [v.launderingAlertId], Memo: 'Tenant B' }),
  ),
  searchLaundering: listing((v) =>
    get(`/api/v2/monitor/laundering-search?MemberIDs=${v.memberId}&Start=${DAY}&End=${NOW}`),
  ),
  // Check tools: every search names A's member (and game).
  getMemberOverview: listing((v) => post('/api/v2/check-tool/overview', search(v))),
  getEventVt: listing((v) => post('/api/v2/check-tool/overview/event-vt', search(v))),
  getLinkedAccounts: listing((v) => post('/api/v2/check-tool/overview/other', search(v))),
  searchCheckMembers: listing(
    (v) => post('/api/v2/check-tool/member', search(v)),
    () => post('/api/v2/check-tool/member', { Start: FIRST, End: TODAY }),
  ),
  getMemberLogins: listing((v) => post('/api/v2/check-tool/member/log-member', search(v))),
  getToolWinLose: listing(
    (v) => post('/api/v2/check-tool/winlose/tool-winlose', search(v, { GameIDs: [v.gameId] })),
    () => post('/api/v2/check-tool/winlose/tool-winlose', { Start: FIRST, End: TODAY }),
  ),
  getMemberByTime: listing((v) => post('/api/v2/check-tool/winlose/member-by-time', search(v))),
  getGameByTime: listing((v) => post('/api/v2/check-tool/game-by-time', search(v, { GameID: v.gameId }))),
  getWinLoseSort: listing(
    (v) => post('/api/v2/check-tool/winlose-sort', search(v, { GameIDs: [v.gameId] })),
    () => post('/api/v2/check-tool/winlose-sort', { Start: FIRST, End: TODAY }),
  ),
  getWinLoseMemberDetail: listing((v) =>
    post('/api/v2/check-tool/winlose-member-detail', search(v, { GameIDs: [v.gameId] })),
  ),
  listMonitorGames: listing(() => get('/api/v2/check-tool/MonitorGame')),
  listMonitorGameTypes: listing(() => get('/api/v2/check-tool/MonitorGameType')),
  getPurchases: listing(
    (v) => post('/api/v2/check-tool/purchase', search(v)),
    () => post('/api/v2/check-tool/purchase', { Start: FIRST, End: TODAY }),
  ),
  getPurchaseCategory: listing(() => get('/api/checkTool/getPurchaseCategory')),
  getPurchasePaymentNames: listing(() => get('/api/v2/check-tool/purchase/payment-names')),
  getPurchasePlatforms: listing(() => get('/api/v2/check-tool/purchase/platforms')),
  getEventSummary: listing((v) => post('/api/v2/check-tool/event', search(v))),
  getEventSummaryV2: listing((v) => post('/api/v2/check-tool/event-v2', search(v))),
  getEventCategories: listing(() => get('/api/v2/check-tool/event/categories')),
  getEventDetail: listing((v) => post('/api/v2/check-tool/event/detail', search(v))),
  getTrades: listing(
    (v) => post('/api/v2/check-tool/trade', search(v)),
    () => post('/api/v2/check-tool/trade', { Start: FIRST, End: TODAY }),
  ),
  getAlertOverview: listing(
    (v) => get(`/api/v2/check-tool/alert-overview?Start=${DAY}&End=${NOW}&MemberIDs=${v.memberId}`),
    () => get(`/api/v2/check-tool/alert-overview?Start=${DAY}&End=${NOW}`),
  ),
  searchGameRtp: listing(
    (v) => post('/api/v2/check-tool/gameRTP-search', { Start: FIRST, End: TODAY, GameIDs: v.gameId }),
    () => post('/api/v2/check-tool/gameRTP-search', { Start: FIRST, End: TODAY }),
  ),
  searchGameRtpByTime: listing((v) =>
    post('/api/v2/check-tool/gameRTP-search/by-time', { Start: FIRST, End: TODAY, GameID: v.gameId }),
  ),
  ratesInForce: listing(() => get('/api/currency/system?date=2026-06-01')),
  // Notice group.
  listMailConfigs: listing(() => get('/api/v2/notification/mail/configs')),
  addMailConfigs: listing((v) =>
    post('/api/v2/notification/mail/configs', { EventIDs: [v.ruleId], Levels: [1], Mails: ['tenant-b@example.com'] }),
  ),
  updateMailConfigs: listing((v) =>
    put(`/api/v2/notification/mail/configs/${v.ruleId}`, { Levels: [1], Mails: ['tenant-b@example.com'] }),
  ),
  deleteMailConfigs: listing((v) =>
    del('/api/v2/notification/mail/configs', { EventLevel_UDT: [{ EventID: v.ruleId, Level: 1 }] }),
  ),
  listMailRecipients: listing(() => get('/api/v2/notification/mail/recipients')),
  listMailAlerts: listing(() => get('/api/v2/notification/mail/alerts')),
  listNotifyBlocks: listing(
    () => get('/api/v2/notification/notify/block-list'),
    (v) => get(`/api/v2/notification/notify/block-list?EventIDs=${v.ruleId}`),
  ),
  addNotifyBlocks: listing((v) =>
    post('/api/v2/notification/notify/block', { EventIDs: [v.ruleId], Levels: [1], APIs: [v.blockApiId] }),
  ),
  updateNotifyBlocks: listing((v) =>
    put(`/api/v2/notification/notify/block/${v.ruleId}`, { Levels: [1], APIs: [v.blockApiId] }),
  ),
  deleteNotifyBlocks: listing((v) =>
    del('/api/v2/notification/notify/block', { EventLevel_UDT: [{ EventID: v.ruleId, Level: 1 }] }),
  ),
  getTelegramBot: listing(() => get('/api/v2/notification/telegram')),
  updateTelegramBot: { skip: 'the caller’s own company setting; names nothing of another company' },
  testTelegram: { skip: 'sends to a chat the caller names; reads nothing of a company' },
  listTelegramChats: listing(() => get('/api/v2/notification/telegram/chats')),
  addTelegramChat: listing((v) =>
    post('/api/v2/notification/telegram/chats', {
      ChatID: '-100777',
      Language: 'en',
      EventIDs: [v.ruleId],
      Levels: [1],
    }),
  ),
  updateTelegramChat: byId((v) =>
    put(`/api/v2/notification/telegram/chats/${v.telegramChatId}`, {
      ChatID: '-100777',
      Language: 'en',
      EventIDs: [1],
      Levels: [1],
    }),
  ),
  deleteTelegramChat: byId((v) => del(`/api/v2/notification/telegram/chats/${v.telegramChatId}`)),
  listDeliveries: listing(() => get('/api/v2/notification/deliveries')),
  resendDelivery: byId((v) => post(`/api/v2/notification/deliveries/${v.deliveryId}/resend`)),
  listSubscriptions: listing(() => get('/api/v2/notification/subscriptions')),
  addSubscription: { skip: 'adds to the caller’s own list; names nothing of another company' },
  updateSubscription: byId((v) =>
    put(`/api/v2/notification/subscriptions/${v.subscriptionId}`, subscription('Tenant B took it')),
  ),
  deleteSubscription: byId((v) => del(`/api/v2/notification/subscriptions/${v.subscriptionId}`)),
  sendSubscriptionNow: byId((v) => post(`/api/v2/notification/subscriptions/${v.subscriptionId}/send-now`)),
  // Setting group.
  listUsers: listing(
    () => get('/api/v2/system/user'),
    (v) => get(`/api/v2/system/user?AID=${v.aid}`),
    (v) => get(`/api/v2/system/user?GroupID=${v.groupId}`),
  ),
  createUser: listing((v) =>
    post('/api/v2/system/user', {
      Name: 'Tenant B user',
      Account: `tenant-b-${v.groupId}`,
      Tags: 'Viewer',
      Mail: `tenant-b-${v.groupId}@example.com`,
      Password: 'Tenant-B-pass-1',
      GroupID: v.groupId,
    }),
  ),
  updateUser: byId((v) => put(`/api/v2/system/user/${v.aid}`, { Name: 'Tenant B took it', Status: 0 })),
  deleteUser: byId((v) => del(`/api/v2/system/user/${v.aid}`)),
  inviteUser: listing(
    (v) => post('/api/v2/system/user/invite', { AID: v.aid }),
    (v) =>
      post('/api/v2/system/user/invite', { Mail: `b-${v.groupId}@example.com`, Tags: 'Viewer', GroupID: v.groupId }),
  ),
  listInvitations: listing(() => get('/api/v2/system/user/invite')),
  revokeInvitation: byId((v) => del(`/api/v2/system/user/invite/${v.invitationId}`)),
  listGroups: listing(() => get('/api/v2/system/user/group')),
  createGroup: listing((v) => post('/api/v2/system/user/group', { Name: v.groupName })),
  updateGroup: byId((v) => put('/api/v2/system/user/group', { GroupID: v.groupId, Name: 'Tenant B took it' })),
  deleteGroup: byId((v) => del(`/api/v2/system/user/group/${v.groupId}`)),
  issueResetLink: byId((v) => post(`/api/v2/system/user/${v.aid}/reset-password`)),
  getSystemSetting: listing(() => get('/api/v2/system/setting')),
  updateSystemSetting: { skip: 'the caller’s own company setting; names nothing of another company' },
  updateIpAllowlist: { skip: 'the caller’s own company setting; names nothing of another company' },
  listMailLog: listing(() => get('/api/v2/system/mail-log')),
  resendMail: byId((v) => post(`/api/v2/system/mail-log/${v.mailLogId}/resend`)),
  listIngestKeys: listing(() => get('/api/v2/system/ingest-keys')),
  createIngestKey: listing((v) => post('/api/v2/system/ingest-keys', { Name: v.keyName })),
  revokeIngestKey: byId((v) => del(`/api/v2/system/ingest-keys/${v.keyId}`)),
  listCurrencyRates: listing(() => get('/api/v2/system/currency/list')),
  saveCurrencyRates: { skip: 'the caller’s own rates; names nothing of another company' },
  deleteCurrencyRates: listing(() =>
    del('/api/v2/system/currency', { currency_UDT: [{ Currency: 'JPY', Date: '2026-01-01' }] }),
  ),
  // Publisher: sign-up links and reconcile.
  generateRegisterUrl: listing((v) =>
    post('/api/v2/auth/generate-register-url', { Tags: 'Viewer', cid: v.pubCid, GroupID: v.groupId }),
  ),
  listReconcileCustomers: listing(
    () => get('/api/v2/reconcile/customers'),
    (v) => get(`/api/v2/reconcile/customers?Keyword=${v.customerMemberId}`),
  ),
  createReconcileCustomer: listing((v) => post('/api/v2/reconcile/customers', customer(v))),
  updateReconcileCustomer: byId((v) => put(`/api/v2/reconcile/customers/${v.customerId}`, customer(v))),
  listReconcileWorkflows: listing(
    () => get('/api/v2/reconcile/workflows'),
    (v) => get(`/api/v2/reconcile/workflows?CustomerIDs=${v.customerId}`),
  ),
  openReconcileWorkflow: listing((v) =>
    post('/api/v2/reconcile/workflows', { CustomerID: v.customerId, Month: '2026-09' }),
  ),
  getReconcileWorkflow: byId((v) => get(`/api/v2/reconcile/workflows/${v.workflowId}`)),
  addReconcileAdjustment: byId((v) =>
    post(`/api/v2/reconcile/workflows/${v.workflowId}/adjustments`, { Adjust: 0, Amount: 1, Memo: 'Tenant B' }),
  ),
  updateReconcileStatus: byId((v) => put(`/api/v2/reconcile/workflows/${v.workflowId}/status`, { Status: '1' })),
  reconcileReport: listing((v) =>
    get(`/api/v2/reconcile/report?From=2026-01&To=2026-10&CustomerIDs=${v.customerId}&GameIDs=${v.gameId}`),
  ),
  // Company administration: the special administrator only (B's administrator is refused).
  listCompanies: listing(() => get('/api/v2/system/company')),
  createCompany: { skip: 'the special administrator only; names nothing of another company' },
  updateCompany: listing((v) => put(`/api/v2/system/company/${v.cid}`, { Name: 'Tenant B took it' })),
  // The ingest API: B's key sending A's event ids and members stores B's own events.
  ingestEvents: sameBody((v) => ({
    method: 'POST',
    url: '/api/v2/ingest/events',
    ingest: true,
    payload: [
      {
        type: 'login',
        id: v.eventId,
        at: '2026-11-20T00:00:00Z',
        memberId: v.memberId,
        ip: '198.51.100.9',
        success: true,
      },
    ],
  })),
  ingestGames: sameBody((v) => ({
    method: 'POST',
    url: '/api/v2/ingest/games',
    ingest: true,
    payload: [{ gameId: v.gameId, name: 'Tenant B game', gameType: 'slot' }],
  })),
};

/** Ids no company has (within every id's range), and texts nobody uses. */
const UNKNOWN: Target = {
  cid: 2_100_000_001,
  pubCid: 2_100_000_002,
  ruleId: 2_100_000_003,
  gameRuleId: 2_100_000_004,
  launderingRuleId: 2_100_000_005,
  alertId: 2_100_000_006,
  gameAlertId: 2_100_000_007,
  launderingAlertId: 2_100_000_008,
  memberId: 'qqu-member',
  blackMemberId: 'qqu-black',
  whiteMemberId: 'qqu-white',
  whiteIp: '192.0.2.99',
  gameId: 'qqu-game',
  eventId: 'qqu-event',
  blockApiId: 2_100_000_009,
  keyId: 2_100_000_010,
  aid: 2_100_000_011,
  groupId: 2_100_000_012,
  groupName: 'qqu group',
  keyName: 'qqu platform key',
  invitationId: 2_100_000_013,
  mailLogId: 2_100_000_014,
  telegramChatId: 2_100_000_015,
  subscriptionId: 2_100_000_016,
  deliveryId: 2_100_000_017,
  customerId: 2_100_000_018,
  customerMemberId: 'qqu-customer',
  workflowId: 2_100_000_019,
};

/** The texts of A that may come back in an answer only as an echo of the question. */
const ECHOED: (keyof Target)[] = [
  'memberId',
  'blackMemberId',
  'whiteMemberId',
  'gameId',
  'eventId',
  'customerMemberId',
  'whiteIp',
  'groupName',
  'keyName',
];

/** Every row of the given companies (every table with a `cid`) and of their users, as text. */
async function snapshot(t: TestApp, cids: number[], aids: number[]): Promise<Record<string, string[]>> {
  const { rows: tables } = await t.db.query<{ table_name: string }>(
    `SELECT DISTINCT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.column_name = 'cid' AND c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    const { rows } = await t.db.query<{ j: string }>(
      `SELECT to_jsonb(x)::text AS j FROM "${table_name}" x WHERE cid = ANY($1::int[]) ORDER BY 1`,
      [cids],
    );
    out[table_name] = rows.map((r) => r.j);
  }
  const { rows: users } = await t.db.query<{ j: string }>(
    'SELECT to_jsonb(u)::text AS j FROM app_user u WHERE aid = ANY($1::int[]) ORDER BY 1',
    [aids],
  );
  out.app_user = users.map((r) => r.j);
  return out;
}

async function tokenOf(t: TestApp, aid: number, cid: number): Promise<string> {
  const { rows } = await t.db.query<{ session_version: number }>(
    'SELECT session_version FROM app_user WHERE aid = $1',
    [aid],
  );
  return (await t.app.tokens.sign({ aid, cid, sv: rows[0]?.session_version ?? 0 })).token;
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function ok(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

describeEachDatabase('two tenants', (t: TestApp) => {
  const A = {} as Target;
  const B = { agg: 0, pub: 0, aid: 0, aggToken: '', pubToken: '', key: '' };
  const aAids: number[] = [];
  let aKey = '';
  let aToken = '';
  let stub: HttpStub;

  /** Posts a showcase plant of `kind` through A's ingest key, as the demo feed does. */
  async function plant(kind: (typeof SHOWCASE_KINDS)[number], n: number, of: 'A' | 'B' = 'A'): Promise<string[]> {
    const key = of === 'A' ? aKey : B.key;
    const p = showcasePlant(kind, { run: of === 'A' ? 'qqa' : 'tenantb', n, currency: 'USD' });
    if (p.games.length > 0) {
      ok(
        await t.call({
          method: 'POST',
          url: '/api/v2/ingest/games',
          headers: { authorization: `Bearer ${key}` },
          payload: p.games,
        }),
        `games of ${kind}`,
      );
    }
    const ids: string[] = [];
    let now = Date.now() - 120_000;
    for (const step of p.steps) {
      now += Math.min(step.afterMs, 10_000);
      const events = step.events(now);
      for (let i = 0; i < events.length; i += 5_000) {
        ok(await postEvents(t, key, events.slice(i, i + 5_000)), `events of ${kind}`);
      }
      for (const e of events) ids.push(JSON.stringify(e));
    }
    return ids;
  }

  beforeAll(async () => {
    stub = await HttpStub.start();
    A.cid = await addCompany(t, 'qqa aggregator', 3);
    A.pubCid = await addCompany(t, 'qqa publisher', 2);
    B.agg = await addCompany(t, 'Tenant B aggregator', 3);
    B.pub = await addCompany(t, 'Tenant B publisher', 2);
    const aAdmin = await addUser(t.db, 'qqa-admin', 'admin', A.cid, { mail: 'qqa-admin@example.com' });
    await t.db.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin')`, [A.pubCid, aAdmin]);
    aAids.push(aAdmin);
    B.aid = await addUser(t.db, 'tenant-b-admin', 'admin', B.agg, { mail: 'tenant-b-admin@example.com' });
    await t.db.query(`INSERT INTO company_user (cid, aid, role) VALUES ($1, $2, 'admin')`, [B.pub, B.aid]);
    aToken = await tokenOf(t, aAdmin, A.cid);
    const aPubToken = await tokenOf(t, aAdmin, A.pubCid);
    B.aggToken = await tokenOf(t, B.aid, B.agg);
    B.pubToken = await tokenOf(t, B.aid, B.pub);
    B.key = await createIngestKey(t, B.aggToken, 'Tenant B key');
    ok(
      await t.call({
        method: 'POST',
        url: '/api/v2/ingest/games',
        headers: { authorization: `Bearer ${B.key}` },
        payload: [{ gameId: 'tenant-b-slot', name: 'Tenant B slot', gameType: 'slot' }],
      }),
      'B games',
    );
    const as = (token: string) => (req: Req, what: string) =>
      t
        .call({
          method: req.method,
          url: req.url,
          token,
          ...(req.payload === undefined ? {} : { payload: req.payload as object }),
        })
        .then((res) => ok(res, what).json());
    const a = as(aToken);
    const aPub = as(aPubToken);

    // Ingest: alerts of every kind (a player win streak climbing levels, opposing bets, a game's RTP drift).
    // B has data of its own (members, bets, alerts of every kind), so that its lists and searches read real rows.
    await plant('win-streak', 0, 'B');
    await plant('opposing-bets', 1, 'B');
    await plant('rtp-drift', 2, 'B');
    A.keyName = 'qqa platform key';
    aKey = await createIngestKey(t, aToken, A.keyName);
    const keys = await a(get('/api/v2/system/ingest-keys'), 'keys');
    A.keyId = (keys.data.recordset as { KeyID: number; Name: string }[]).find((k) => k.Name === 'qqa platform key')
      ?.KeyID as number;
    const sent = [
      ...(await plant('win-streak', 0)),
      ...(await plant('opposing-bets', 1)),
      ...(await plant('rtp-drift', 2)),
    ].map((e) => JSON.parse(e) as { id: string; memberId?: string; gameId?: string });
    A.eventId = sent[0]?.id as string;
    const alertOf = async (table: string) => {
      const { rows } = await t.db.query<{ alert_id: number; subject_id?: string }>(
        `SELECT * FROM ${table} WHERE cid = $1 ORDER BY alert_id LIMIT 1`,
        [A.cid],
      );
      if (!rows[0]) throw new Error(`no ${table} of A`);
      return rows[0];
    };
    const player = await alertOf('player_alert');
    A.alertId = player.alert_id;
    A.memberId = player.subject_id as string;
    A.gameAlertId = (await alertOf('game_rtp_alert')).alert_id;
    A.launderingAlertId = (await alertOf('laundering_alert')).alert_id;
    A.gameId = sent.find((e) => e.gameId)?.gameId as string;

    // Rules of every detector. EventIDs are numbered per company: A's start far beyond B's.
    await t.db.tx((sql) => t.app.alerting.reserveEventIds(sql, A.cid, 5_000));
    A.ruleId = (await a(post('/api/v2/monitor/alert-settings', playerRule('qqa rule')), 'rule')).data.EventID;
    A.gameRuleId = (
      await a(post('/api/v2/monitor/game-rtp-settings', gameRule('qqa game rule', A.gameId)), 'game')
    ).data.EventID;
    A.launderingRuleId = (
      await a(post('/api/v2/monitor/laundering-settings', launderingRule('qqa hedging')), 'l')
    ).data.EventID;

    // Lists.
    A.blackMemberId = 'qqa-black-1';
    A.whiteMemberId = 'qqa-white-1';
    A.whiteIp = '198.51.100.77';
    const api = await a(
      post('/api/v2/monitor/blacklist/api', { Name: 'qqa lock api', IsLock: true, Url: `${stub.url}/qqa-lock` }),
      'block api',
    );
    A.blockApiId = api.data?.APIID ?? api.APIID;
    await a(put('/api/v2/monitor/blacklist/token', { Token: 'qqa-block-token-secret' }), 'block token');
    await a(
      post('/api/v2/monitor/blacklist/members', { BlackMember_UDT: [{ MemberID: A.blackMemberId, Memo: 'qqa memo' }] }),
      'blacklist',
    );
    await a(
      post('/api/v2/monitor/whitelist', { WhiteMember_UDT: [{ MemberID: A.whiteMemberId, Memo: 'qqa memo' }] }),
      'whitelist',
    );
    await a(post('/api/v2/monitor/whitelist/ip', { WhiteIP_UDT: [{ IP: A.whiteIp, Memo: 'qqa ip' }] }), 'ip');

    // Notices.
    await a(
      post('/api/v2/notification/mail/configs', {
        EventIDs: [A.ruleId],
        Levels: [1],
        Mails: ['qqa-notice@example.com'],
      }),
      'mail config',
    );
    await a(
      post('/api/v2/notification/notify/block', { EventIDs: [A.ruleId], Levels: [1], APIs: [A.blockApiId] }),
      'notify block',
    );
    await a(
      put('/api/v2/notification/telegram', { Token: '123456789:AAqqaqqaqqaqqaqqaqqaqqaqqaqqaqqaqqa', Enabled: true }),
      'tg',
    );
    A.telegramChatId = (
      await a(
        post('/api/v2/notification/telegram/chats', {
          ChatID: '@qqachannel',
          Language: 'en',
          EventIDs: [A.ruleId],
          Levels: [1],
        }),
        'telegram chat',
      )
    ).data.ID;
    A.subscriptionId = (
      await a(
        post('/api/v2/notification/subscriptions', {
          ...subscription('qqa report'),
          Mails: ['qqa-report@example.com'],
        }),
        'subscription',
      )
    ).data.ID;

    // Users, groups, invitations, mails.
    A.groupName = 'qqa group';
    A.groupId = (await a(post('/api/v2/system/user/group', { Name: A.groupName, Memo: 'qqa' }), 'group')).GroupID;
    await a(
      post('/api/v2/system/user', {
        Name: 'qqa user',
        Account: 'qqa-user',
        Tags: 'Viewer',
        Mail: 'qqa-user@example.com',
        Password: 'qqa-Password-1',
        GroupID: A.groupId,
      }),
      'user',
    );
    const users = (await a(get('/api/v2/system/user?Account=qqa-user'), 'users')).data.recordset as { AID: number }[];
    A.aid = users[0]?.AID as number;
    aAids.push(A.aid);
    await a(post('/api/v2/system/user/invite', { Mail: 'qqa-invite@example.com', Tags: 'Viewer' }), 'invite');
    A.invitationId = (
      (await a(get('/api/v2/system/user/invite'), 'invitations')).data.recordset as {
        ID: number;
        Mail: string | null;
      }[]
    ).find((i) => i.Mail === 'qqa-invite@example.com')?.ID as number;
    const { rows: mails } = await t.db.query<{ id: number }>(
      `SELECT id FROM outbox WHERE cid = $1 AND channel = 'mail' ORDER BY id LIMIT 1`,
      [A.cid],
    );
    A.mailLogId = mails[0]?.id as number;
    const { rows: deliveries } = await t.db.query<{ id: number }>(
      `SELECT id FROM outbox WHERE cid = $1 AND channel <> 'mail' ORDER BY id LIMIT 1`,
      [A.cid],
    );
    A.deliveryId = deliveries[0]?.id as number;
    await a(
      post('/api/v2/system/currency', { currency_UDT: [{ Currency: 'JPY', Rate: 7.77777, Date: '2026-01-01' }] }),
      'rate',
    );

    // Reconcile (publisher).
    A.customerMemberId = 'qqa-customer-1';
    A.customerId = (
      await aPub(
        post('/api/v2/reconcile/customers', {
          BusinessName: 'qqa business',
          Currency: 'USD',
          CommissionRate: 10,
          CustomerIDs: [A.customerMemberId],
          Memo: 'qqa',
        }),
        'customer',
      )
    ).ID;
    A.workflowId = (
      await aPub(post('/api/v2/reconcile/workflows', { CustomerID: A.customerId, Month: '2026-10' }), 'workflow')
    ).ID;
    await aPub(
      post(`/api/v2/reconcile/workflows/${A.workflowId}/adjustments`, { Adjust: 0, Amount: 5, Memo: 'qqa' }),
      'adj',
    );

    for (const [k, value] of Object.entries(A)) {
      if (value === undefined || value === null || Number.isNaN(value)) throw new Error(`no ${k} for A`);
    }
  }, 300_000);

  it('has a case for every endpoint of the contract, and none of no endpoint', () => {
    const ids = ENDPOINTS.map((e) => e.id).sort();
    expect(
      ids.filter((id) => !(id in CASES)),
      'endpoints without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((id) => !ids.includes(id)),
      'cases of no endpoint',
    ).toEqual([]);
  });

  it('B’s administrator reads and changes nothing of A on any endpoint: A’s ids behave as unknown', async () => {
    const before = await snapshot(t, [A.cid, A.pubCid], aAids);
    const differences: string[] = [];
    const send = (endpoint: Endpoint, req: Req) => {
      const levels = AUTHORIZATION_MATRIX[endpoint.id]?.levels;
      const pub = levels !== undefined && !levels.includes('aggregator' as PriceLevel);
      return req.ingest
        ? t.call({
            method: req.method,
            url: req.url,
            payload: req.payload as object,
            headers: { authorization: `Bearer ${B.key}` },
          })
        : t.call({
            method: req.method,
            url: req.url,
            token: pub ? B.pubToken : B.aggToken,
            ...(req.payload === undefined ? {} : { payload: req.payload as object }),
          });
    };
    for (const endpoint of ENDPOINTS) {
      const c = CASES[endpoint.id];
      if (!c || 'skip' in c) continue;
      const unknownReqs = c.build(UNKNOWN);
      const aReqs = c.build(A);
      for (const [i, aReq] of aReqs.entries()) {
        const uReq = unknownReqs[i] as Req;
        const u = await send(endpoint, uReq);
        const got = await send(endpoint, aReq);
        const what = `${endpoint.id} ${aReq.method} ${aReq.url}`;
        if (got.statusCode >= 500 || u.statusCode >= 500) {
          differences.push(`${what}: ${got.statusCode}/${u.statusCode} ${got.body.slice(0, 200)}`);
          continue;
        }
        if (c.status !== undefined && got.statusCode !== c.status) {
          differences.push(`${what}: want ${c.status}, got ${got.statusCode} ${got.body.slice(0, 200)}`);
        }
        const code = (res: LightMyRequestResponse) =>
          res.statusCode >= 400 ? (res.json() as { messageCode?: string }).messageCode : '';
        if (got.statusCode !== u.statusCode || code(got) !== code(u)) {
          differences.push(
            `${what}: A's ids answer ${got.statusCode} ${code(got)}, unknown ones ${u.statusCode} ${code(u)}: ${got.body.slice(0, 200)}`,
          );
        }
        let body = got.body;
        for (const k of ECHOED) body = body.split(String(A[k])).join(String(UNKNOWN[k]));
        if (c.sameBody && body !== u.body) differences.push(`${what}: answers ${body}, for unknown ids ${u.body}`);
        if (/qqa/i.test(body) || body.includes('7.77777')) {
          differences.push(`${what}: the answer shows A's data: ${body.slice(0, 300)}`);
        }
      }
    }
    expect(differences).toEqual([]);
    const after = await snapshot(t, [A.cid, A.pubCid], aAids);
    const changed = Object.keys(before).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    expect(changed, 'tables with rows of A changed').toEqual([]);
    for (const table of changed) expect(after[table], table).toEqual(before[table]);
  }, 300_000);

  it('pushes B’s consoles nothing of A’s live alerts, even with a token naming A', async () => {
    const b: ServerMessage[] = [];
    const forged: ServerMessage[] = [];
    const a: ServerMessage[] = [];
    const collect = (into: ServerMessage[]) => (s: WebSocket) =>
      s.on('message', (data) => into.push(JSON.parse(String(data)) as ServerMessage));
    const sockets = [
      await t.app.injectWS(`/api/ws?token=${B.aggToken}`, {}, { onInit: collect(b) }),
      // B's administrator with a token naming A's company (as if B had forged or kept one): not a user of A.
      await t.app.injectWS(`/api/ws?token=${await tokenOf(t, B.aid, A.cid)}`, {}, { onInit: collect(forged) }),
      await t.app.injectWS(`/api/ws?token=${aToken}`, {}, { onInit: collect(a) }),
    ];
    await until(() => a.length > 0 && b.length > 0 && forged.length > 0, 5_000, 'hello');
    await new Promise((r) => setTimeout(r, 200));
    // Alerts of every kind in A, a new incident each (new run, new members and games).
    await plant('win-streak', 10);
    await plant('opposing-bets', 11);
    await plant('rtp-drift', 12);
    const kinds = () => new Set(a.filter((m) => m.type === 'alert').map((m) => (m as { kind: string }).kind));
    await until(() => kinds().size === 3, 20_000, `A's live alerts of every kind: ${JSON.stringify([...kinds()])}`);
    await new Promise((r) => setTimeout(r, 300));
    for (const s of sockets) s.terminate();
    const leaked = [...b, ...forged].filter((m) => m.type !== 'version' && m.type !== 'pong');
    expect(leaked).toEqual([]);
    expect(JSON.stringify([...b, ...forged])).not.toMatch(/qqa/);
  }, 120_000);

  it('stops the stub', async () => {
    await stub.close();
  });
});
