import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import * as repo from './ingest-keys.repository';
import { displayPrefix, hashKey } from './key-material';

export const DEMO_KEY_NAME = 'Demo feed';
const DEMO_CID = 1;

/** What `ensureDemoKey` found or did (the log says it too). */
export type DemoKeyOutcome = 'created' | 'exists' | 'revoked' | 'taken' | 'no-company';

/**
 * `npm start`'s demo feed (packages/simulator/src/demo) posts like any platform, with an ingest key that
 * scripts/start.mjs made once and keeps in the data directory; the server gets it as
 * PITBOSS_DEMO_INGEST_KEY and registers it for company 1 at its start, stored hashed like every key.
 * It is created only while company 1 holds no "Demo feed" key at all: a demo key an administrator
 * revoked is not replaced behind their back, and of servers sharing one database with different data
 * directories only the first one's feed is let in. The feed learns the rest from the 401 it gets.
 */
export async function ensureDemoKey(db: Database, key: string, log: FastifyBaseLogger): Promise<DemoKeyOutcome> {
  const hash = hashKey(key);
  const outcome = await db.tx(async (sql): Promise<DemoKeyOutcome> => {
    await repo.lockDemoKey(sql);
    const found = await repo.findKeyByHash(sql, hash);
    if (found) return found.revoked_at === null ? 'exists' : 'revoked';
    if (!(await repo.companyExists(sql, DEMO_CID))) return 'no-company';
    if ((await repo.countKeysNamed(sql, DEMO_CID, DEMO_KEY_NAME)) > 0) return 'taken';
    await repo.insertKey(sql, {
      cid: DEMO_CID,
      name: DEMO_KEY_NAME,
      prefix: displayPrefix(key),
      hash,
      createdBy: null,
    });
    return 'created';
  });
  const off = 'PITBOSS_DEMO=0 turns the demo feed off';
  switch (outcome) {
    case 'created':
      log.info(`Demo feed: created the ingest key ${displayPrefix(key)}… "${DEMO_KEY_NAME}" for company 1`);
      break;
    case 'revoked':
      log.warn(`Demo feed: the demo ingest key was revoked, so the feed stops (${off})`);
      break;
    case 'taken':
      log.warn(
        `Demo feed: company 1 already has a "${DEMO_KEY_NAME}" ingest key that is not the one in this data directory (a revoked one, or another server's), so this feed is refused (${off})`,
      );
      break;
    case 'no-company':
      log.info('Demo feed: there is no company 1 to feed');
      break;
  }
  return outcome;
}
