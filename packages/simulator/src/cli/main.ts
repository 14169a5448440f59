import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeDataset } from '../dataset';
import { createIngestClient } from '../http';
import { backfill, runLive } from '../live';
import { createSimulation, type Simulation } from '../simulation';
import { DAY } from '../thresholds';
import { type CliArgs, HELP, parseCliArgs, UsageError } from './args';

export type Log = (line: string) => void;

/** The `npm run simulate` command; resolves to the process exit code. */
export async function main(argv: string[], log: Log = console.log, signal?: AbortSignal): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      log(`simulate: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
  if (args.help) {
    log(HELP);
    return 0;
  }
  // `npm run -w` runs in the package folder; paths are meant from where the command was typed.
  const base = process.env.INIT_CWD ?? process.cwd();
  for (const key of ['out', 'truth', 'gamesOut'] as const) {
    const file = args[key];
    if (file !== undefined) args[key] = path.resolve(base, file);
  }
  try {
    return args.out === undefined ? await postLive(args, log, signal) : await dataset(args, args.out, log);
  } catch (error) {
    if (error instanceof RangeError) {
      log(`simulate: ${error.message}`);
      return 2;
    }
    log(`simulate: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function simulationOf(args: CliArgs, start: Date): Simulation {
  return createSimulation({
    seed: args.seed,
    start,
    members: args.members,
    games: args.games,
    eventsPerSecond: args.rate,
    anomalies: args.anomalies,
    anomaliesPerDay: args.anomaliesPerDay,
    currency: args.currency,
    customers: args.customers,
  });
}

async function dataset(args: CliArgs, out: string, log: Log): Promise<number> {
  const from = args.from ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  const to = args.to ?? (args.events || args.bets ? undefined : new Date(from.getTime() + DAY));
  const simulation = simulationOf(args, from);
  const gamesOut = args.gamesOut ?? `${out.replace(/\.(nd)?jsonl?$/, '')}.games.json`;
  await writeFile(gamesOut, `${JSON.stringify(simulation.games, null, 2)}\n`);
  const summary = await writeDataset({ simulation, path: out, from, to, maxEvents: args.events, maxBets: args.bets });
  const perSecond = Math.round((summary.events / Math.max(summary.ms, 1)) * 1_000);
  log(
    `Wrote ${summary.events} events (${summary.bets} bets, ${summary.bytes} bytes) to ${out} in ${summary.ms} ms: ${perSecond} events/s`,
  );
  log(
    `Simulated ${summary.first ?? from.toISOString()} to ${summary.last ?? from.toISOString()}; games in ${gamesOut}`,
  );
  await writeTruth(args, simulation, log);
  return 0;
}

async function postLive(args: CliArgs, log: Log, outer?: AbortSignal): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  outer?.addEventListener('abort', stop);
  const onSignal = () => {
    log('Stopping…');
    stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const now = Math.floor(Date.now() / 1_000) * 1_000;
    const start = new Date(now - args.backfillDays * DAY);
    const simulation = simulationOf(args, start);
    const client = createIngestClient({
      url: args.url ?? '',
      key: args.key ?? '',
      format: args.ndjson ? 'ndjson' : 'json',
      signal: controller.signal,
      onRetry: ({ attempt, waitMs, reason }) =>
        log(`  retry ${attempt} in ${(waitMs / 1000).toFixed(1)} s (${reason})`),
    });
    await client.postGames(simulation.games);
    log(`Posted ${simulation.games.length} games to ${args.url}`);
    let accepted = 0;
    let duplicates = 0;
    const post = async (batch: Parameters<typeof client.postEvents>[0]) => {
      const result = await client.postEvents(batch);
      accepted += result.accepted;
      duplicates += result.duplicates;
    };
    if (args.backfillDays > 0) {
      // Catch up with the wall clock, which moves on while history is sent.
      let lastLog = 0;
      while (!controller.signal.aborted && Date.now() - simulation.position().getTime() > 2_000) {
        await backfill({
          simulation,
          from: simulation.position(),
          to: new Date(Date.now()),
          post,
          batchSize: args.batch,
          signal: controller.signal,
          onProgress: (p) => {
            if (p.elapsedMs - lastLog < 5_000) return;
            lastLog = p.elapsedMs;
            log(`  backfill: ${accepted + duplicates} events, simulated ${p.simulatedTime.toISOString()}`);
          },
        });
      }
      log(`Backfilled ${args.backfillDays} day(s): ${accepted} accepted, ${duplicates} duplicates`);
    }
    if (args.pace === 'timeline') {
      const now = simulation.rateAt(new Date());
      log(`Live: about ${now.toFixed(1)} events/s at this time of day (daily rhythm around --rate ${args.rate})`);
    }
    let lastLog = 0;
    const summary = await runLive({
      simulation,
      post,
      rate: args.rate,
      durationMs: args.durationMs,
      signal: controller.signal,
      pace: args.pace,
      maxBatch: args.batch,
      onProgress: (p) => {
        if (p.elapsedMs - lastLog < 5_000) return;
        lastLog = p.elapsedMs;
        log(
          `  live: ${p.sent} events in ${(p.elapsedMs / 1000).toFixed(0)} s, simulated ${p.simulatedTime.toISOString()}`,
        );
      },
    });
    log(
      `Sent ${summary.sent} live events in ${(summary.elapsedMs / 1000).toFixed(1)} s (${accepted} accepted, ${duplicates} duplicates in all)`,
    );
    await writeTruth(args, simulation, log);
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    outer?.removeEventListener('abort', stop);
  }
}

async function writeTruth(args: CliArgs, simulation: Simulation, log: Log): Promise<void> {
  if (!args.truth) return;
  const truth = simulation.groundTruth();
  await writeFile(args.truth, `${JSON.stringify(truth, null, 2)}\n`);
  log(
    `Ground truth: ${truth.players.length} player anomalies, ${truth.rtpDrift.length} RTP drifts, ${truth.opposingBets.length} opposing pairs in ${args.truth}`,
  );
}
