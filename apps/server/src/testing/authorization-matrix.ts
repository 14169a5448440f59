import type { PriceLevel } from '@pitboss/contract';

/**
 * Issue 21, item 5: who may call each endpoint, declared from the spec (§2 routes and their
 * restrictions, §6 roles), NOT read from the endpoints' own `access`: `authorization-matrix.test.ts`
 * calls every endpoint of the contract as every kind of caller and fails on any difference, and on an
 * endpoint this table does not name. A new endpoint needs its line here.
 *
 * Kinds of rule (spec §6):
 * - `public`: anyone, without a token (login, registration and reset pages, §2 public routes)
 * - `console`: any user who may open the console (admin, editor, viewer): the layout root (§2)
 * - `view`: admin, editor, viewer: dashboards, monitoring, check tools — search and view
 * - `edit`: admin, editor: changes on those screens, and the whole notice group (§2: admin and editor only)
 * - `admin`: admin only: the setting group, users, registration generator, reconcile
 * - `superadmin`: the special administrator account only (company administration)
 * - `ingest`: the platform's ingest key; no user token
 */
export type Rule = 'public' | 'console' | 'view' | 'edit' | 'admin' | 'superadmin' | 'ingest';

/** Price levels a page is restricted to (§2); absent: every level. */
const PLATFORM_AGGREGATOR: readonly PriceLevel[] = ['platform', 'aggregator'];
const PUBLISHER_AGGREGATOR: readonly PriceLevel[] = ['publisher', 'aggregator'];
/** "requires the publisher IP flag" (§2 sign-up generator and reconcile): publisher companies. */
const PUBLISHER_FLAG: readonly PriceLevel[] = ['publisher'];

export interface Permission {
  rule: Rule;
  levels?: readonly PriceLevel[];
}

const r = (rule: Rule, levels?: readonly PriceLevel[]): Permission => (levels ? { rule, levels } : { rule });

export const AUTHORIZATION_MATRIX: Record<string, Permission> = {
  // Public routes: /login, /register/{token}, /resetPassword/{token} and the login page's IP check.
  login: r('public'),
  register: r('public'),
  checkEmail: r('public'),
  checkRegisterUrl: r('public'),
  accountByEmail: r('public'),
  resetPassword: r('public'),
  sendResetMail: r('public'),
  ipVerify: r('public'),
  // The layout root: any console role.
  authCheck: r('console'),
  userInfo: r('console'),
  updateUserPreference: r('console'),
  updateCompanyPermission: r('console'),
  changePassword: r('console'),
  // /dashboard
  getRiskDashboard: r('view'),
  // Monitor group: player settings, alerts, blacklist (with its block APIs), whitelist, game settings and alerts.
  listAlertRules: r('view'),
  createAlertRule: r('edit'),
  updateAlertRule: r('edit'),
  deleteAlertRule: r('edit'),
  setAlertRuleEnabled: r('edit'),
  listAlerts: r('view'),
  getAlert: r('view'),
  processAlerts: r('edit'),
  blacklistAndProcessAlert: r('edit'),
  listBlacklistMembers: r('view'),
  getBlacklistMember: r('view'),
  addBlacklistMembers: r('edit'),
  updateBlacklistMember: r('edit'),
  removeBlacklistMembers: r('edit'),
  listBlockApis: r('view'),
  addBlockApi: r('edit'),
  updateBlockApi: r('edit'),
  deleteBlockApi: r('edit'),
  getBlockApiToken: r('view'),
  setBlockApiToken: r('edit'),
  getLockStatus: r('view'),
  listBlockApiLogs: r('view'),
  listWhitelistMembers: r('view'),
  addWhitelistMembers: r('edit'),
  removeWhitelistMembers: r('edit'),
  listWhitelistIps: r('view'),
  addWhitelistIps: r('edit'),
  removeWhitelistIps: r('edit'),
  listGameRtpSettings: r('view'),
  createGameRtpSetting: r('edit'),
  updateGameRtpSetting: r('edit'),
  deleteGameRtpSetting: r('edit'),
  listGameRtpAlerts: r('view'),
  getGameRtpAlert: r('view'),
  processGameRtpAlerts: r('edit'),
  // Opposing bets: platform and aggregator only.
  listLaunderingSettings: r('view', PLATFORM_AGGREGATOR),
  createLaunderingSetting: r('edit', PLATFORM_AGGREGATOR),
  updateLaunderingSetting: r('edit', PLATFORM_AGGREGATOR),
  deleteLaunderingSetting: r('edit', PLATFORM_AGGREGATOR),
  listLaunderingAlerts: r('view', PLATFORM_AGGREGATOR),
  getLaunderingAlert: r('view', PLATFORM_AGGREGATOR),
  processLaunderingAlerts: r('edit', PLATFORM_AGGREGATOR),
  searchLaundering: r('view', PLATFORM_AGGREGATOR),
  // Check-tool group (search and view); member, purchase and trade: platform and aggregator only.
  getMemberOverview: r('view'),
  getEventVt: r('view'),
  getLinkedAccounts: r('view'),
  searchCheckMembers: r('view'),
  getMemberLogins: r('view', PLATFORM_AGGREGATOR),
  getToolWinLose: r('view'),
  getMemberByTime: r('view'),
  getGameByTime: r('view'),
  getWinLoseSort: r('view'),
  getWinLoseMemberDetail: r('view'),
  listMonitorGames: r('view'),
  listMonitorGameTypes: r('view'),
  getPurchases: r('view', PLATFORM_AGGREGATOR),
  getPurchaseCategory: r('view', PLATFORM_AGGREGATOR),
  getPurchasePaymentNames: r('view', PLATFORM_AGGREGATOR),
  getPurchasePlatforms: r('view', PLATFORM_AGGREGATOR),
  getEventSummary: r('view'),
  getEventSummaryV2: r('view'),
  getEventCategories: r('view'),
  getEventDetail: r('view'),
  getTrades: r('view', PLATFORM_AGGREGATOR),
  getAlertOverview: r('view'),
  searchGameRtp: r('view'),
  searchGameRtpByTime: r('view'),
  // The rates in force, for amounts on the view screens.
  ratesInForce: r('view'),
  // Notice group: admin and editor only, reading included.
  listMailConfigs: r('edit'),
  addMailConfigs: r('edit'),
  updateMailConfigs: r('edit'),
  deleteMailConfigs: r('edit'),
  listMailRecipients: r('edit'),
  listMailAlerts: r('edit'),
  listNotifyBlocks: r('edit'),
  addNotifyBlocks: r('edit'),
  updateNotifyBlocks: r('edit'),
  deleteNotifyBlocks: r('edit'),
  getTelegramBot: r('edit'),
  updateTelegramBot: r('edit'),
  testTelegram: r('edit'),
  listTelegramChats: r('edit'),
  addTelegramChat: r('edit'),
  updateTelegramChat: r('edit'),
  deleteTelegramChat: r('edit'),
  listDeliveries: r('edit'),
  resendDelivery: r('edit'),
  listSubscriptions: r('edit'),
  updateSubscription: r('edit'),
  addSubscription: r('edit'),
  deleteSubscription: r('edit'),
  sendSubscriptionNow: r('edit'),
  // Setting group: admin only; exchange rates for publisher and aggregator only.
  listUsers: r('admin'),
  createUser: r('admin'),
  updateUser: r('admin'),
  deleteUser: r('admin'),
  inviteUser: r('admin'),
  listInvitations: r('admin'),
  revokeInvitation: r('admin'),
  listGroups: r('admin'),
  createGroup: r('admin'),
  updateGroup: r('admin'),
  deleteGroup: r('admin'),
  issueResetLink: r('admin'),
  getSystemSetting: r('admin'),
  updateSystemSetting: r('admin'),
  updateIpAllowlist: r('admin'),
  listMailLog: r('admin'),
  resendMail: r('admin'),
  listIngestKeys: r('admin'),
  createIngestKey: r('admin'),
  revokeIngestKey: r('admin'),
  listCurrencyRates: r('admin', PUBLISHER_AGGREGATOR),
  saveCurrencyRates: r('admin', PUBLISHER_AGGREGATOR),
  deleteCurrencyRates: r('admin', PUBLISHER_AGGREGATOR),
  // Sign-up generator and reconcile: admin only, with the publisher flag.
  generateRegisterUrl: r('admin', PUBLISHER_FLAG),
  listReconcileCustomers: r('admin', PUBLISHER_FLAG),
  createReconcileCustomer: r('admin', PUBLISHER_FLAG),
  updateReconcileCustomer: r('admin', PUBLISHER_FLAG),
  listReconcileWorkflows: r('admin', PUBLISHER_FLAG),
  openReconcileWorkflow: r('admin', PUBLISHER_FLAG),
  getReconcileWorkflow: r('admin', PUBLISHER_FLAG),
  addReconcileAdjustment: r('admin', PUBLISHER_FLAG),
  updateReconcileStatus: r('admin', PUBLISHER_FLAG),
  reconcileReport: r('admin', PUBLISHER_FLAG),
  // Company administration: the special administrator only.
  listCompanies: r('superadmin'),
  createCompany: r('superadmin'),
  updateCompany: r('superadmin'),
  // The platform's ingest API.
  ingestEvents: r('ingest'),
  ingestGames: r('ingest'),
};
