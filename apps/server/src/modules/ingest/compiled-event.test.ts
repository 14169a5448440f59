import { isDeepStrictEqual } from 'node:util';
import { IngestEvent } from '@pitboss/contract/schemas';
import { createSimulation } from '@pitboss/simulator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearEventArb } from './event-arbitraries.testing';
import { COMPILED_INGEST_EVENT } from './ingest.service';

/** Both parsers' answers for `raw`, in a form that compares key order and error issues too. */
function answers(raw: unknown) {
  const runtime = IngestEvent.safeParse(raw, { reportInput: true });
  const compiled = COMPILED_INGEST_EVENT.safeParse(raw, { reportInput: true });
  const view = (r: typeof runtime) =>
    r.success ? { keys: Object.keys(r.data), data: r.data } : { issues: JSON.stringify(r.error.issues) };
  return { runtime: view(runtime), compiled: view(compiled) };
}

describe('the compiled ingest event schema', () => {
  it('is compiled (zod returns the schema itself when it cannot compile it)', () => {
    expect(COMPILED_INGEST_EVENT).not.toBe(IngestEvent);
  });

  it('answers exactly as the runtime parser on events near every limit of the contract', () => {
    fc.assert(
      fc.property(nearEventArb, (raw) => {
        const { runtime, compiled } = answers(raw);
        return isDeepStrictEqual(runtime, compiled);
      }),
      { numRuns: 10_000 },
    );
  });

  it('accepts every event of the simulator unchanged from the runtime parser', () => {
    const start = new Date(Date.UTC(2026, 10, 1));
    let count = 0;
    for (const batch of createSimulation({ seed: 7, start }).batches(start, new Date(Date.UTC(2026, 11, 1)), 1000)) {
      for (const event of JSON.parse(JSON.stringify(batch)) as unknown[]) {
        const { runtime, compiled } = answers(event);
        expect(compiled).toStrictEqual(runtime);
        expect('data' in compiled).toBe(true);
      }
      count += batch.length;
      if (count >= 20_000) break;
    }
  });
});
