import { type AlertOverviewQuery, toListEnvelope } from '@pitboss/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { pageWindow } from '../../lib/paging';
import { resolvePeriod } from '../../lib/period';
import { listAlertedSubjects } from './alert-overview.repository';

/** The alert-overview check tool: who was alerted in a period, with what. */
export class AlertOverviewService {
  constructor(private readonly db: Database) {}

  async overview(auth: AuthContext, query: z.output<typeof AlertOverviewQuery>) {
    const { rows, total } = await listAlertedSubjects(this.db, auth.cid, {
      ...resolvePeriod(query),
      eventTypes: query.EventTypes,
      levels: query.Levels,
      memberIds: query.MemberIDs,
      sort: query.sort,
      ...pageWindow(query),
    });
    return toListEnvelope(rows, total);
  }
}
