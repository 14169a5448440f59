import { badRequest } from './errors';

const DAY = 86_400_000;

/**
 * A period of event times [Start, End) from optional query values: End defaults to now, Start to
 * `defaultDays` before End. Refuses an empty or reversed period, and one longer than `maxDays`.
 */
export function resolvePeriod(
  query: { Start?: string | undefined; End?: string | undefined },
  options: { defaultDays?: number; maxDays?: number; now?: number } = {},
): { start: string; end: string } {
  const end = query.End ? Date.parse(query.End) : (options.now ?? Date.now());
  const start = query.Start ? Date.parse(query.Start) : end - (options.defaultDays ?? 7) * DAY;
  if (!(start < end)) throw badRequest(query.End ? 'End' : 'Start', 'must be after Start (and Start before End)');
  if (options.maxDays !== undefined && end - start > options.maxDays * DAY) {
    throw badRequest('Start', `the period must be at most ${options.maxDays} days`);
  }
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}
