import {
  type AddMailConfigsBody,
  type AddNotifyBlocksBody,
  type AlertEventDefinition,
  DELIVERY_NOT_RESENDABLE,
  type EventLevelBody,
  type Level,
  type ListDeliveriesQuery,
  type ListNotifyBlocksQuery,
  type MailConfig,
  NOTIFICATION_QUERY_KEYS,
  type NoticeBlockSetting,
  toListEnvelope,
  type UpdateMailConfigsBody,
  type UpdateNotifyBlocksBody,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import type { Live } from '../../plugins/live';
import type { AlertingService } from '../alerting/alerting.service';
import type { OutboxWorker } from '../outbox/outbox.worker';
import * as repo from './notifications.repository';

type Events = Map<number, AlertEventDefinition>;

/** Describes a setting's event; a rule deleted since keeps its row (so it can be deleted) under its id. */
function eventFields(events: Events, eventId: number) {
  const event = events.get(eventId);
  return {
    EventID: eventId,
    EventType: event?.EventType ?? 0,
    TypeName: event?.TypeName ?? '',
    EventName: event?.EventName ?? `#${eventId}`,
  };
}

/** Mail configs, notice block settings and the delivery log of the working company (spec §7). */
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly alerting: AlertingService,
    private readonly outbox: OutboxWorker,
    private readonly live: Live,
  ) {}

  async alerts(auth: AuthContext) {
    const events = await this.alerting.listEvents(auth.cid);
    return toListEnvelope(events, events.length);
  }

  async recipients(auth: AuthContext) {
    const rows = await repo.listRecipients(this.db, auth.cid);
    return toListEnvelope(rows, rows.length);
  }

  // ---- mail configs ----

  async mailConfigs(auth: AuthContext) {
    const rows = await this.mailConfigRows(this.db, auth.cid);
    return toListEnvelope(rows, rows.length);
  }

  async addMailConfigs(auth: AuthContext, body: z.output<typeof AddMailConfigsBody>): Promise<MailConfig[]> {
    return this.changeMail(auth, body.EventIDs, 'EventIDs', async (sql) => {
      await repo.addMailConfigs(sql, auth.cid, body.EventIDs, body.Levels, body.Mails);
    });
  }

  async updateMailConfigs(
    auth: AuthContext,
    eventIds: number[],
    body: z.output<typeof UpdateMailConfigsBody>,
  ): Promise<MailConfig[]> {
    return this.changeMail(auth, eventIds, 'eventIds', async (sql) => {
      await repo.deleteMailConfigs(sql, auth.cid, eventIds, body.Levels);
      await repo.addMailConfigs(sql, auth.cid, eventIds, body.Levels, body.Mails);
    });
  }

  async deleteMailConfigs(auth: AuthContext, body: z.output<typeof EventLevelBody>) {
    const n = await repo.deleteMailConfigPairs(this.db, auth.cid, body.EventLevel_UDT);
    this.changed(auth.cid, NOTIFICATION_QUERY_KEYS.mailConfigs);
    return { status: 0, message: `Deleted ${n} address(es)` };
  }

  // ---- notice block settings ----

  async blockSettings(auth: AuthContext, query: z.output<typeof ListNotifyBlocksQuery>) {
    const rows = await this.blockRows(this.db, auth.cid, { eventIds: query.EventIDs, levels: query.Levels });
    return toListEnvelope(rows, rows.length);
  }

  async addBlockSettings(auth: AuthContext, body: z.output<typeof AddNotifyBlocksBody>): Promise<NoticeBlockSetting[]> {
    return this.changeBlocks(auth, body.EventIDs, 'EventIDs', body.APIs, async (sql) => {
      await repo.addBlockSettings(sql, auth.cid, body.EventIDs, body.Levels, body.APIs);
    });
  }

  async updateBlockSettings(
    auth: AuthContext,
    eventIds: number[],
    body: z.output<typeof UpdateNotifyBlocksBody>,
  ): Promise<NoticeBlockSetting[]> {
    return this.changeBlocks(auth, eventIds, 'EventIDs', body.APIs, async (sql) => {
      await repo.deleteBlockSettings(sql, auth.cid, eventIds, body.Levels);
      await repo.addBlockSettings(sql, auth.cid, eventIds, body.Levels, body.APIs);
    });
  }

  async deleteBlockSettings(auth: AuthContext, body: z.output<typeof EventLevelBody>) {
    const n = await repo.deleteBlockSettingPairs(this.db, auth.cid, body.EventLevel_UDT);
    this.changed(auth.cid, NOTIFICATION_QUERY_KEYS.blockSettings);
    return { status: 0, message: `Deleted ${n} API setting(s)` };
  }

  // ---- deliveries ----

  async deliveries(auth: AuthContext, query: z.output<typeof ListDeliveriesQuery>) {
    const { rows, total } = await repo.listDeliveries(this.db, auth.cid, {
      start: query.Start,
      end: query.End,
      channels: query.Channels,
      statuses: query.Status,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }

  async resend(auth: AuthContext, id: number) {
    const result = await repo.requeueDelivery(this.db, auth.cid, id);
    if (result === 'none') throw notFound('Delivery');
    if (result === 'state') {
      throw new AppError(409, DELIVERY_NOT_RESENDABLE, 'Only a dead or unsent delivery can be sent again');
    }
    this.outbox.wake();
    this.changed(auth.cid, NOTIFICATION_QUERY_KEYS.deliveries);
    return { status: 0, message: 'Queued again' };
  }

  // ---- helpers ----

  private async knownEvents(sql: Sql, cid: number, eventIds: readonly number[], field: string): Promise<Events> {
    const events: Events = new Map((await this.alerting.listEvents(cid, sql)).map((e) => [e.EventID, e]));
    const unknown = eventIds.filter((id) => !events.has(id));
    if (unknown.length > 0) throw badRequest(field, `unknown EventID ${unknown.join(', ')}`);
    return events;
  }

  private async changeMail(
    auth: AuthContext,
    eventIds: number[],
    field: string,
    write: (sql: Sql) => Promise<void>,
  ): Promise<MailConfig[]> {
    const rows = await this.db.tx(async (sql) => {
      await this.knownEvents(sql, auth.cid, eventIds, field);
      await write(sql);
      return this.mailConfigRows(sql, auth.cid);
    });
    this.changed(auth.cid, NOTIFICATION_QUERY_KEYS.mailConfigs);
    return rows.filter((r) => eventIds.includes(r.EventID));
  }

  private async changeBlocks(
    auth: AuthContext,
    eventIds: number[],
    field: string,
    apiIds: number[],
    write: (sql: Sql) => Promise<void>,
  ): Promise<NoticeBlockSetting[]> {
    const rows = await this.db.tx(async (sql) => {
      await this.knownEvents(sql, auth.cid, eventIds, field);
      const existing = await repo.existingApiIds(sql, auth.cid, apiIds);
      const missing = apiIds.filter((id) => !existing.has(id));
      if (missing.length > 0) throw badRequest('APIs', `unknown APIID ${missing.join(', ')}`);
      await write(sql);
      return this.blockRows(sql, auth.cid, { eventIds });
    });
    this.changed(auth.cid, NOTIFICATION_QUERY_KEYS.blockSettings);
    return rows;
  }

  private async mailConfigRows(sql: Sql, cid: number): Promise<MailConfig[]> {
    const [rows, events] = await Promise.all([repo.listMailConfigRows(sql, cid), this.eventMap(sql, cid)]);
    return rows.map((r) => ({ ...eventFields(events, r.event_id), Level: r.level as Level, Mails: r.values }));
  }

  private async blockRows(
    sql: Sql,
    cid: number,
    filter: { eventIds?: number[] | undefined; levels?: number[] | undefined },
  ): Promise<NoticeBlockSetting[]> {
    const [rows, events] = await Promise.all([repo.listBlockSettingRows(sql, cid, filter), this.eventMap(sql, cid)]);
    return rows.map((r) => ({
      ...eventFields(events, r.event_id),
      Level: r.level as Level,
      APIs: r.values.map((v) => v.apiId),
      APINames: r.values.map((v) => v.name),
    }));
  }

  private async eventMap(sql: Sql, cid: number): Promise<Events> {
    return new Map((await this.alerting.listEvents(cid, sql)).map((e) => [e.EventID, e]));
  }

  private changed(cid: number, key: string): void {
    this.live.publish(cid, { type: 'invalidate', keys: [key], cid });
  }
}
