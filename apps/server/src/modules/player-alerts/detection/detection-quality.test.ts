import { createSimulation } from '@pitboss/simulator';
import { expect, it } from 'vitest';
import { scoreAlerts, type TypeQuality } from '../../../testing/detection-quality';
import { describeEachDatabase } from '../../../testing/test-app';
import { companyWithKey, ingest } from './detectors.testing';

/**
 * Detection quality (issue item 8): simulated days with planted anomalies go through the real ingest
 * path (HTTP, rollups, detectors); the stored alerts are scored per type against the simulator's
 * ground truth. Two seeds other than the simulator's own tests' (7, 11), one per database, to bound the
 * time: a day of 100 members at 1 event a second (≈ 86,000 events, 21 planted subjects) each.
 * `PITBOSS_QUALITY_SEEDS=a,b` runs those seeds on both databases instead; `PITBOSS_QUALITY_MEMBERS` and
 * `PITBOSS_QUALITY_RATE` change the size (bench/RESULTS.md records larger runs). The simulated day is
 * the one that ended an hour before the run; `PITBOSS_QUALITY_START` (epoch ms, printed by every run)
 * replays a given one.
 */
const DEFAULT_SEEDS = { pglite: [20261122], postgres: [4242] };
const MEMBERS = Number(process.env.PITBOSS_QUALITY_MEMBERS ?? 100);
const RATE = Number(process.env.PITBOSS_QUALITY_RATE ?? 1);
const DAY = 86_400_000;

describeEachDatabase('detection quality against the simulator ground truth', (t) => {
  it('recall ≥ 0.95 and precision ≥ 0.90 for every alert type', { timeout: 900_000 }, async () => {
    const seeds = process.env.PITBOSS_QUALITY_SEEDS?.split(',').map(Number) ?? DEFAULT_SEEDS[t.kind];
    const totals = new Map<number, TypeQuality[]>();
    // A day that ended an hour ago, so the alerts fall in the default list period too.
    const start = new Date(
      Number(process.env.PITBOSS_QUALITY_START ?? Math.floor((Date.now() - DAY - 3_600_000) / 60_000) * 60_000),
    );
    for (const seed of seeds) {
      const c = await companyWithKey(t, `Quality ${seed}`);
      const simulation = createSimulation({ seed, start, members: MEMBERS, eventsPerSecond: RATE, games: 12 });
      const started = performance.now();
      let events = 0;
      for (const batch of simulation.batches(start, new Date(start.getTime() + DAY), 1_000)) {
        await ingest(t, c.key, batch);
        events += batch.length;
      }
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await t.db.query<{
        eventType: number;
        subjectKind: string;
        subjectId: string;
        windowEnd: string;
      }>(
        `SELECT event_type AS "eventType", subject_kind AS "subjectKind", subject_id AS "subjectId", window_end AS "windowEnd"
           FROM player_alert WHERE cid = $1`,
        [c.cid],
      );
      const scores = scoreAlerts(simulation.groundTruth(), rows);
      console.log(
        `[${t.kind}] seed ${seed}, PITBOSS_QUALITY_START=${start.getTime()}: ${events} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds)}/s), ${rows.length} alerts`,
      );
      for (const s of scores) totals.set(s.eventType, [...(totals.get(s.eventType) ?? []), s]);
    }
    const lines: string[] = [];
    const checks: { eventType: number; planted: number; recall: number; precision: number }[] = [];
    for (const [eventType, scores] of totals) {
      const sum = (key: keyof TypeQuality) => scores.reduce((n, s) => n + (s[key] as number), 0);
      const recall = sum('found') / Math.max(1, sum('planted'));
      const precision = sum('truePositiveAlerts') / Math.max(1, sum('alerts'));
      const subjectPrecision = sum('truePositiveSubjects') / Math.max(1, sum('alertedSubjects'));
      lines.push(
        `type ${eventType}: planted ${sum('planted')}, found ${sum('found')}, alerts ${sum('alerts')} (${sum('truePositiveAlerts')} true), ` +
          `recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)} per alert, ${subjectPrecision.toFixed(3)} per subject`,
      );
      checks.push({ eventType, planted: sum('planted'), recall, precision });
    }
    // Printed before the checks, so that a failure shows every type's figures and how to replay it.
    console.log(`[${t.kind}] ${lines.join('\n')}`);
    for (const { eventType, planted, recall, precision } of checks) {
      expect(planted, `type ${eventType} planted`).toBeGreaterThan(0);
      expect(recall, `type ${eventType} recall`).toBeGreaterThanOrEqual(0.95);
      expect(precision, `type ${eventType} precision`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
