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
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { type ExportFile, isExportFile } from './check-tools.export';
import type { CheckToolsService } from './check-tools.service';

/**
 * A list answers its envelope, or with `Export` a file streamed to the client (not serialised: the
 * response schema documents the envelope).
 */
async function send<T>(reply: FastifyReply, answer: Promise<T | ExportFile>): Promise<T> {
  const result = await answer;
  if (!isExportFile(result)) return result;
  reply
    .header('content-type', result.contentType)
    .header('content-disposition', `attachment; filename="${result.fileName}"`)
    .header('cache-control', 'no-store');
  return reply.send(result.body) as never;
}

export function checkToolsRoutes(app: FastifyInstance, tools: CheckToolsService): void {
  registerEndpoint(app, searchCheckMembers, ({ auth, body, reply }) => send(reply, tools.members(auth, body)));
  registerEndpoint(app, getMemberOverview, ({ auth, body, reply }) => send(reply, tools.overview(auth, body)));
  registerEndpoint(app, getToolWinLose, ({ auth, body, reply }) => send(reply, tools.games(auth, body)));
  registerEndpoint(app, getEventSummary, ({ auth, body, reply }) => send(reply, tools.events(auth, body)));
  registerEndpoint(app, getEventSummaryV2, ({ auth, body, reply }) => send(reply, tools.eventsV2(auth, body)));
  registerEndpoint(app, getEventDetail, ({ auth, body, reply }) => send(reply, tools.eventDetail(auth, body)));
  registerEndpoint(app, getEventVt, ({ auth, body, reply }) => send(reply, tools.eventVt(auth, body)));
  registerEndpoint(app, getLinkedAccounts, ({ auth, body, reply }) => send(reply, tools.linked(auth, body)));
  registerEndpoint(app, getPurchases, ({ auth, body, reply }) => send(reply, tools.purchases(auth, body)));
  registerEndpoint(app, getTrades, ({ auth, body, reply }) => send(reply, tools.trades(auth, body)));
  registerEndpoint(app, getMemberByTime, ({ auth, body, reply }) => send(reply, tools.memberByTime(auth, body)));
  registerEndpoint(app, getGameByTime, ({ auth, body, reply }) => send(reply, tools.gameByTime(auth, body)));
  registerEndpoint(app, getWinLoseSort, ({ auth, body, reply }) => send(reply, tools.winLoseSort(auth, body)));
  registerEndpoint(app, getWinLoseMemberDetail, ({ auth, body, reply }) => send(reply, tools.rounds(auth, body)));
  registerEndpoint(app, getMemberLogins, ({ auth, body, reply }) => send(reply, tools.logins(auth, body)));
  registerEndpoint(app, getEventCategories, ({ auth }) => tools.eventCategories(auth));
  registerEndpoint(app, getPurchasePlatforms, ({ auth }) => tools.purchaseValues(auth, 'platform'));
  registerEndpoint(app, getPurchasePaymentNames, ({ auth }) => tools.purchaseValues(auth, 'payment_name'));
  registerEndpoint(app, getPurchaseCategory, ({ auth }) => tools.purchaseValues(auth, 'category'));
}
