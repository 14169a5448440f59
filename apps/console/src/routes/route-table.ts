import type { PublicRoute, RouteEntry } from './route-types';

export { HOME_PATH, LOGIN_PATH } from './paths';

/**
 * THE route table (spec §2). It drives the router, the guard and the menu; nothing else lists routes.
 * To fill a screen, replace the component its loader imports; to add one, add an entry here, its
 * page file under `src/features/<domain>/`, and its title under `routes.screens` in every language.
 * It imports every screen, so no screen may import it (or the router, or the layout) back: a screen
 * reads its title from the matched route's `handle` and the paths it needs from `./paths`
 * (`import-cycles.test.ts` fails on any cycle).
 */
const PLATFORM_AND_AGGREGATOR = ['platform', 'aggregator'] as const;
const PUBLISHER_AND_AGGREGATOR = ['publisher', 'aggregator'] as const;

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    path: '/login',
    titleKey: 'routes:screens.login',
    redirectWhenLoggedIn: true,
    bare: true,
    screen: () => import('../features/auth/LoginPage').then((m) => m.LoginPage),
  },
  {
    path: '/register/:token',
    titleKey: 'routes:screens.register',
    redirectWhenLoggedIn: false,
    screen: () => import('../features/registration/RegisterPage').then((m) => m.RegisterPage),
  },
  {
    path: '/resetPassword/:token',
    titleKey: 'routes:screens.resetPassword',
    redirectWhenLoggedIn: true,
    screen: () => import('../features/password-reset/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  },
];

export const ROUTE_TABLE: readonly RouteEntry[] = [
  {
    path: '/operation-dashboard',
    titleKey: 'routes:screens.operationDashboard',
    icon: 'fund',
    devOnly: true,
    screen: () => import('../features/game-rtp/GameDashboardPage').then((m) => m.GameDashboardPage),
  },
  {
    path: '/dashboard',
    titleKey: 'routes:screens.dashboard',
    icon: 'dashboard',
    screen: () => import('../features/risk-dashboard/RiskDashboardPage').then((m) => m.RiskDashboardPage),
  },
  {
    path: '/monitor',
    titleKey: 'routes:groups.monitor',
    icon: 'monitor',
    redirect: '/monitor/alert-setting',
    children: [
      {
        path: '/monitor/alert-setting',
        titleKey: 'routes:screens.alertSetting',
        screen: () => import('../features/alert-rules/AlertSettingPage').then((m) => m.AlertSettingPage),
      },
      {
        path: '/monitor/alert-events',
        titleKey: 'routes:screens.alertEvents',
        screen: () => import('../features/player-alerts/AlertEventsPage').then((m) => m.AlertEventsPage),
      },
      {
        path: '/monitor/blocklist-setting',
        titleKey: 'routes:screens.blocklistSetting',
        screen: () => import('../features/blacklist/BlocklistSettingPage').then((m) => m.BlocklistSettingPage),
      },
      {
        path: '/monitor/allowlist-setting',
        titleKey: 'routes:screens.allowlistSetting',
        screen: () => import('../features/whitelist/AllowlistSettingPage').then((m) => m.AllowlistSettingPage),
      },
      {
        path: '/monitor/gameRtpV2',
        titleKey: 'routes:screens.gameRtpSetting',
        screen: () => import('../features/game-rtp/GameRtpSettingPage').then((m) => m.GameRtpSettingPage),
      },
      {
        path: '/monitor/gameRTP-alert-events',
        titleKey: 'routes:screens.gameRtpAlertEvents',
        screen: () => import('../features/game-rtp/GameRtpAlertEventsPage').then((m) => m.GameRtpAlertEventsPage),
      },
      {
        path: '/monitor/laundering-alert-setting',
        titleKey: 'routes:screens.launderingAlertSetting',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () =>
          import('../features/laundering/LaunderingAlertSettingPage').then((m) => m.LaunderingAlertSettingPage),
      },
      {
        path: '/monitor/laundering-alert-events',
        titleKey: 'routes:screens.launderingAlertEvents',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () =>
          import('../features/laundering/LaunderingAlertEventsPage').then((m) => m.LaunderingAlertEventsPage),
      },
      {
        path: '/monitor/laundering-search',
        titleKey: 'routes:screens.launderingSearch',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () => import('../features/laundering/LaunderingSearchPage').then((m) => m.LaunderingSearchPage),
      },
    ],
  },
  {
    path: '/check-tool',
    titleKey: 'routes:groups.checkTool',
    icon: 'search',
    redirect: '/check-tool/member-overview',
    children: [
      {
        path: '/check-tool/member-overview',
        titleKey: 'routes:screens.memberOverview',
        screen: () => import('../features/check-tools/MemberOverviewPage').then((m) => m.MemberOverviewPage),
      },
      {
        path: '/check-tool/member',
        titleKey: 'routes:screens.memberLogin',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () => import('../features/check-tools/MemberLoginPage').then((m) => m.MemberLoginPage),
      },
      {
        path: '/check-tool/win-lose-game',
        titleKey: 'routes:screens.winLoseGame',
        screen: () => import('../features/check-tools/WinLoseGamePage').then((m) => m.WinLoseGamePage),
      },
      {
        path: '/check-tool/gameRTP-search',
        titleKey: 'routes:screens.gameRtpSearch',
        screen: () => import('../features/game-rtp/GameRtpSearchPage').then((m) => m.GameRtpSearchPage),
      },
      {
        path: '/check-tool/win-lose-member',
        titleKey: 'routes:screens.winLoseMember',
        screen: () => import('../features/check-tools/WinLoseMemberPage').then((m) => m.WinLoseMemberPage),
      },
      {
        path: '/check-tool/purchase',
        titleKey: 'routes:screens.purchase',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () => import('../features/check-tools/PurchasePage').then((m) => m.PurchasePage),
      },
      {
        path: '/check-tool/event',
        titleKey: 'routes:screens.event',
        screen: () => import('../features/check-tools/EventPage').then((m) => m.EventPage),
      },
      {
        path: '/check-tool/trade',
        titleKey: 'routes:screens.trade',
        priceLevels: PLATFORM_AND_AGGREGATOR,
        screen: () => import('../features/check-tools/TradePage').then((m) => m.TradePage),
      },
      {
        path: '/check-tool/alert',
        titleKey: 'routes:screens.alertOverview',
        screen: () => import('../features/player-alerts/AlertOverviewPage').then((m) => m.AlertOverviewPage),
      },
    ],
  },
  {
    path: '/notice-setting',
    titleKey: 'routes:groups.notice',
    icon: 'notification',
    roles: ['admin', 'editor'],
    redirect: '/notice-setting/mail-setting',
    children: [
      {
        path: '/notice-setting/mail-setting',
        titleKey: 'routes:screens.mailSetting',
        screen: () => import('../features/notifications/MailSettingPage').then((m) => m.MailSettingPage),
      },
      {
        path: '/notice-setting/block-setting',
        titleKey: 'routes:screens.blockSetting',
        screen: () => import('../features/notifications/BlockSettingPage').then((m) => m.BlockSettingPage),
      },
      {
        path: '/notice-setting/telegram-bot-setting',
        titleKey: 'routes:screens.telegramBotSetting',
        screen: () => import('../features/notifications/TelegramBotSettingPage').then((m) => m.TelegramBotSettingPage),
      },
      {
        path: '/notice-setting/subscription-setting',
        titleKey: 'routes:screens.subscriptionSetting',
        screen: () =>
          import('../features/notifications/SubscriptionSettingPage').then((m) => m.SubscriptionSettingPage),
      },
      {
        path: '/notice-setting/delivery-log',
        titleKey: 'routes:screens.deliveryLog',
        screen: () => import('../features/notifications/DeliveryLogPage').then((m) => m.DeliveryLogPage),
      },
    ],
  },
  {
    path: '/setting',
    titleKey: 'routes:groups.setting',
    icon: 'setting',
    roles: ['admin'],
    redirect: '/setting/users',
    children: [
      {
        path: '/setting/users',
        titleKey: 'routes:screens.users',
        screen: () => import('../features/users/UsersPage').then((m) => m.UsersPage),
      },
      {
        path: '/setting/system-setting',
        titleKey: 'routes:screens.systemSetting',
        screen: () => import('../features/settings/SystemSettingPage').then((m) => m.SystemSettingPage),
      },
      {
        path: '/setting/currency-setting',
        titleKey: 'routes:screens.currencySetting',
        priceLevels: PUBLISHER_AND_AGGREGATOR,
        screen: () => import('../features/currency/CurrencySettingPage').then((m) => m.CurrencySettingPage),
      },
      {
        path: '/setting/companies',
        titleKey: 'routes:screens.companies',
        superAdminOnly: true,
        screen: () => import('../features/companies/CompaniesPage').then((m) => m.CompaniesPage),
      },
    ],
  },
  {
    path: '/sign-up-generator',
    titleKey: 'routes:screens.signUpGenerator',
    icon: 'link',
    roles: ['admin'],
    requireIP: true,
    screen: () => import('../features/registration/SignUpGeneratorPage').then((m) => m.SignUpGeneratorPage),
  },
  {
    path: '/reconcile',
    titleKey: 'routes:groups.reconcile',
    icon: 'reconcile',
    roles: ['admin'],
    requireIP: true,
    redirect: '/reconcile/workflow',
    children: [
      {
        path: '/reconcile/workflow',
        titleKey: 'routes:screens.workflow',
        screen: () => import('../features/reconcile/WorkflowPage').then((m) => m.WorkflowPage),
      },
      {
        path: '/reconcile/customer',
        titleKey: 'routes:screens.customer',
        screen: () => import('../features/reconcile/CustomerPage').then((m) => m.CustomerPage),
      },
      {
        path: '/reconcile/report',
        titleKey: 'routes:screens.report',
        screen: () => import('../features/reconcile/ReportPage').then((m) => m.ReportPage),
      },
    ],
  },
];
