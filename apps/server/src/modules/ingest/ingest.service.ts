import {
  GameMaster,
  IngestEvent,
  type IngestEvent as IngestEventType,
  type IngestGamesResult,
  type IngestResult,
} from '@pitboss/contract/schemas';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { EventStore } from '../event-store/event-store';
import { upsertGameMasters } from '../games/games.repository';
import type { IngestCaller } from '../ingest-keys/ingest-keys.service';
import { type BatchSchema, parseBatch } from './parse-batch';

/**
 * The contract's schema compiled ahead of time by zod (`z.compile`): about 10× faster on valid events,
 * with zod's runtime (and its error messages) taking over for anything it refuses. At 20,000 events a
 * second, validation with the runtime alone took a sixth of a core.
 */
export const COMPILED_INGEST_EVENT = z.compile(IngestEvent);

const EVENTS: BatchSchema<IngestEventType> = {
  schema: COMPILED_INGEST_EVENT,
  keyField: 'id',
  keyOf: (event) => event.id,
  noun: 'event',
};

const GAMES: BatchSchema<GameMaster> = {
  schema: GameMaster,
  keyField: 'gameId',
  keyOf: (game) => game.gameId,
  noun: 'game',
};

/** The ingest calls of DESIGN §4: validate the whole batch, then store it (or refuse it whole). */
export class IngestService {
  constructor(
    private readonly db: Database,
    private readonly eventStore: EventStore,
  ) {}

  /** `body` is a parsed JSON array or an NDJSON text. */
  async ingestEvents(caller: IngestCaller, body: unknown): Promise<IngestResult> {
    const items = parseBatch(body, EVENTS);
    return this.eventStore.store(
      caller.cid,
      items.map((item) => item.value),
    );
  }

  async ingestGames(caller: IngestCaller, body: unknown): Promise<IngestGamesResult> {
    const games = parseBatch(body, GAMES).map((item) => item.value);
    const { created } = await upsertGameMasters(this.db, caller.cid, games);
    return { accepted: games.length, created, updated: games.length - created };
  }
}
