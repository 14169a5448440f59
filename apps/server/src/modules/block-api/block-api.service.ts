import {
  type AddBlockApiBody,
  BLOCK_API_NAME_TAKEN,
  type BlockApi,
  type BlockApiTokenStatus,
  LIST_QUERY_KEYS,
  type ListBlockApiLogsQuery,
  type LockState,
  type LockStatus,
  type LockStatusQuery,
  toListEnvelope,
  type UpdateBlockApiBody,
} from '@pitboss/contract';
import type { z } from 'zod';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/paging';
import type { Live } from '../../plugins/live';
import { CANCELLED } from './block-api.channel';
import * as repo from './block-api.repository';
import { listLogs } from './block-api-log.repository';

function lockState(row: repo.LockCallRow): LockState {
  switch (row.status) {
    case 'sent':
      return 'locked';
    case 'failed':
      return row.last_error?.startsWith(CANCELLED) ? 'cancelled' : 'failed';
    case 'unsent':
      return 'failed';
    default:
      return row.attempts > 0 ? 'retrying' : 'queued';
  }
}

const nameTaken = (name: string) =>
  new AppError(409, BLOCK_API_NAME_TAKEN, `Name: another block API is already called "${name}"`, [
    { field: 'Name', in: 'body', message: `another block API is already called "${name}"` },
  ]);

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** Block APIs, the token sent to them, and the log of calls. */
export class BlockApiService {
  constructor(
    private readonly db: Database,
    private readonly live: Live,
    /** The outbound rule (`lib/outbound-url.ts`, names resolved): a Url it refuses is a 400 naming `Url`. */
    private readonly checkUrl: (url: string) => string | undefined | Promise<string | undefined> = () => undefined,
  ) {}

  /** Whether blacklisting locks anyone, and where each member stands at each block API. */
  async lockStatus(auth: AuthContext, query: z.output<typeof LockStatusQuery>): Promise<LockStatus> {
    const memberIds = query.MemberIDs ?? [];
    const [apis, calls] = await Promise.all([
      repo.listLockingApis(this.db, auth.cid),
      memberIds.length > 0 ? repo.listLockCalls(this.db, auth.cid, memberIds) : Promise.resolve([]),
    ]);
    return {
      LockingApis: apis.length,
      Members: memberIds.map((MemberID) => ({
        MemberID,
        Calls: calls
          .filter((c) => c.member_id === MemberID)
          .map((c) => ({
            APIName: c.api_name,
            State: lockState(c),
            Attempts: c.attempts,
            Detail: c.status === 'sent' ? null : c.last_error,
            UpdatedAt: new Date(c.updated_at).toISOString(),
          })),
      })),
    };
  }

  async list(auth: AuthContext) {
    const rows = await repo.listApis(this.db, auth.cid);
    return toListEnvelope(rows, rows.length);
  }

  async add(auth: AuthContext, body: z.output<typeof AddBlockApiBody>): Promise<BlockApi> {
    await this.assertUrl(body.Url);
    const api = await this.saveName(auth, body.Name, undefined, (sql) =>
      repo.insertApi(sql, auth.cid, { name: body.Name, isLock: body.IsLock, url: body.Url }),
    );
    this.changed(auth.cid);
    return api;
  }

  async update(auth: AuthContext, apiId: number, body: z.output<typeof UpdateBlockApiBody>): Promise<BlockApi> {
    await this.assertUrl(body.Url);
    const api = await this.saveName(auth, body.Name, apiId, (sql) =>
      repo.updateApi(sql, auth.cid, apiId, { name: body.Name, isLock: body.IsLock, url: body.Url }),
    );
    if (!api) throw notFound('Block API');
    this.changed(auth.cid);
    return api;
  }

  async remove(auth: AuthContext, apiId: number): Promise<void> {
    if (!(await repo.deleteApi(this.db, auth.cid, apiId))) throw notFound('Block API');
    this.changed(auth.cid);
  }

  async tokenStatus(auth: AuthContext): Promise<BlockApiTokenStatus> {
    const row = await repo.findToken(this.db, auth.cid);
    return {
      IsSet: !!row,
      Last4: row && row.token.length >= 12 ? row.token.slice(-4) : '',
      UpdateDate: row?.updated_at ?? null,
      UpdatedBy: row?.updated_by ?? '',
    };
  }

  async setToken(auth: AuthContext, token: string): Promise<BlockApiTokenStatus> {
    await repo.saveToken(this.db, auth.cid, token, auth.account);
    this.changed(auth.cid);
    return this.tokenStatus(auth);
  }

  async logs(auth: AuthContext, query: z.output<typeof ListBlockApiLogsQuery>) {
    const { rows, total } = await listLogs(this.db, auth.cid, {
      memberIds: query.MemberIDs,
      apiId: query.APIID,
      outcome: query.Outcome,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }

  /** Runs `save` after checking that no other API of the company has `name`; a race ends in the same 409. */
  private async saveName<T>(
    auth: AuthContext,
    name: string | undefined,
    exceptApiId: number | undefined,
    save: (sql: Sql) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.db.tx(async (sql) => {
        if (name !== undefined && (await repo.nameTaken(sql, auth.cid, name, exceptApiId))) throw nameTaken(name);
        return save(sql);
      });
    } catch (error) {
      if (isUniqueViolation(error) && name !== undefined) throw nameTaken(name);
      throw error;
    }
  }

  private async assertUrl(url: string | undefined): Promise<void> {
    const problem = url === undefined ? undefined : await this.checkUrl(url);
    if (problem) throw badRequest('Url', problem);
  }

  private changed(cid: number): void {
    this.live.publish(cid, { type: 'invalidate', keys: [LIST_QUERY_KEYS.blockApis], cid });
  }
}
