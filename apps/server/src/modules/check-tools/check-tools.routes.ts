import {
  getEventCategories,
  getEventDetail,
  getEventSummary,
  getEventSummaryV2,
  getEventVt,
  getGameByTime,
  getLinkedAccounts,
  getMemberByTime,
  getMemberLogins,
  getMemberOverview,
  getPurchaseCategory,
  getPurchasePaymentNames,
  getPurchasePlatforms,
  getPurchases,
  getToolWinLose,
  getTrades,
  getWinLoseMemberDetail,
  getWinLoseSort,
  searchCheckMembers,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { CheckToolsService } from './check-tools.service';

export function checkToolsRoutes(app: FastifyInstance, tools: CheckToolsService): void {
  registerEndpoint(app, searchCheckMembers, ({ auth, body }) => tools.members(auth, body));
  registerEndpoint(app, getMemberOverview, ({ auth, body }) => tools.overview(auth, body));
  registerEndpoint(app, getToolWinLose, ({ auth, body }) => tools.games(auth, body));
  registerEndpoint(app, getEventSummary, ({ auth, body }) => tools.events(auth, body));
  registerEndpoint(app, getEventSummaryV2, ({ auth, body }) => tools.eventsV2(auth, body));
  registerEndpoint(app, getEventDetail, ({ auth, body }) => tools.eventDetail(auth, body));
  registerEndpoint(app, getEventVt, ({ auth, body }) => tools.eventVt(auth, body));
  registerEndpoint(app, getLinkedAccounts, ({ auth, body }) => tools.linked(auth, body));
  registerEndpoint(app, getPurchases, ({ auth, body }) => tools.purchases(auth, body));
  registerEndpoint(app, getTrades, ({ auth, body }) => tools.trades(auth, body));
  registerEndpoint(app, getMemberByTime, ({ auth, body }) => tools.memberByTime(auth, body));
  registerEndpoint(app, getGameByTime, ({ auth, body }) => tools.gameByTime(auth, body));
  registerEndpoint(app, getWinLoseSort, ({ auth, body }) => tools.winLoseSort(auth, body));
  registerEndpoint(app, getWinLoseMemberDetail, ({ auth, body }) => tools.rounds(auth, body));
  registerEndpoint(app, getMemberLogins, ({ auth, body }) => tools.logins(auth, body));
  registerEndpoint(app, getEventCategories, ({ auth }) => tools.eventCategories(auth));
  registerEndpoint(app, getPurchasePlatforms, ({ auth }) => tools.purchaseValues(auth, 'platform'));
  registerEndpoint(app, getPurchasePaymentNames, ({ auth }) => tools.purchaseValues(auth, 'payment_name'));
  registerEndpoint(app, getPurchaseCategory, ({ auth }) => tools.purchaseValues(auth, 'category'));
}
