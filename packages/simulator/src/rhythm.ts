/**
 * Daily rhythm of an Asian platform (local time UTC+8): quiet before dawn, busy in the evening and
 * around midnight. Values are relative activity per local hour; `rhythmAt` interpolates between hour
 * midpoints and averages 1 over a day, so the simulated rate averages `eventsPerSecond`.
 */
const HOURLY = [
  1.35, 1.1, 0.85, 0.6, 0.42, 0.32, 0.3, 0.35, 0.48, 0.6, 0.72, 0.85, 0.98, 0.95, 0.92, 0.95, 1.0, 1.05, 1.15, 1.3, 1.5,
  1.65, 1.68, 1.55,
] as const;
const MEAN = HOURLY.reduce((a, b) => a + b, 0) / HOURLY.length;
const UTC_OFFSET_MS = 8 * 3_600_000;
const HOUR = 3_600_000;

export function rhythmAt(ms: number): number {
  const local = (((ms + UTC_OFFSET_MS) % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR);
  const position = local / HOUR - 0.5;
  const i = Math.floor(position);
  const f = position - i;
  const a = HOURLY[(i + 24) % 24] ?? 1;
  const b = HOURLY[(i + 25) % 24] ?? 1;
  return (a + (b - a) * f) / MEAN;
}
