import { type FieldError, INGEST_MAX_EVENTS, type IngestEventError } from '@pitboss/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { textProblem } from '../../lib/text-hygiene';
import { describeIssue } from './issue-messages';

/** One valid item of a batch with its index (its 0-based line number for NDJSON). */
export interface BatchItem<T> {
  index: number;
  value: T;
}

export interface BatchSchema<T> {
  schema: z.ZodType<T>;
  /** The item's key that must be unique within the batch (`id`, `gameId`). */
  keyField: string;
  keyOf(value: T): string;
  noun: string;
  /** A check beyond the schema (an event dated too far in the future): the field and reason, or undefined. */
  check?(value: T): { field: string; message: string } | undefined;
}

/** The most errors listed in one refusal; the message says how many there were in all. */
export const MAX_REPORTED_ERRORS = 100;

/** A refused batch: 400 (or 413) with the index and reason of each bad item. */
export function batchError(status: 400 | 413, message: string, errors: IngestEventError[]): AppError {
  // IngestEventError is the ingest contract's shape of FieldError (index instead of a dotted path).
  return new AppError(
    status,
    status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
    message,
    errors as unknown as FieldError[],
  );
}

function tooMany(count: number, noun: string): AppError {
  return batchError(
    413,
    `A batch holds at most ${INGEST_MAX_EVENTS.toLocaleString('en-US')} ${noun}s; this one holds ${count.toLocaleString('en-US')}. Split it and send the parts`,
    [],
  );
}

/** The raw items of a JSON array or an NDJSON text, with their indexes; JSON errors of NDJSON lines are collected. */
function rawItems(body: unknown, noun: string, errors: IngestEventError[]): { index: number; raw: unknown }[] {
  if (typeof body === 'string') {
    const lines = body.split('\n');
    const items: { index: number; raw: unknown }[] = [];
    let count = 0;
    for (const line of lines) if (line.trim() !== '') count++;
    if (count > INGEST_MAX_EVENTS) throw tooMany(count, noun);
    lines.forEach((line, index) => {
      const text = line.trim();
      if (text === '') return;
      try {
        items.push({ index, raw: JSON.parse(text) });
      } catch (error) {
        errors.push({ index, message: `line ${index + 1} is not valid JSON (${(error as Error).message})` });
      }
    });
    return items;
  }
  if (!Array.isArray(body)) {
    throw batchError(
      400,
      `The body must be a JSON array of ${noun}s, or NDJSON (one ${noun} per line) with Content-Type: application/x-ndjson`,
      [],
    );
  }
  if (body.length > INGEST_MAX_EVENTS) throw tooMany(body.length, noun);
  return body.map((raw, index) => ({ index, raw }));
}

/**
 * Text a field may not hold (`lib/text-hygiene.ts`): NUL (PostgreSQL text cannot hold it), a lone
 * surrogate (it would be stored altered, and the same event resent would not match), control characters.
 */
function badTextField(raw: unknown): { field: string; message: string } | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const record = raw as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value !== 'string') continue;
    const problem = textProblem(value, key);
    if (problem) return { field: key, message: `${key}: ${problem}` };
  }
  return undefined;
}

function readableKey(raw: unknown, keyField: string): string | undefined {
  const key = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[keyField] : undefined;
  return typeof key === 'string' && key.length <= 64 && !textProblem(key, keyField) ? key : undefined;
}

/**
 * Validates a whole batch: every item against the schema, keys unique within the batch. Any bad item
 * refuses the batch with the index, key and reason of each (at most MAX_REPORTED_ERRORS listed).
 */
export function parseBatch<T>(body: unknown, spec: BatchSchema<T>): BatchItem<T>[] {
  const errors: IngestEventError[] = [];
  const items = rawItems(body, spec.noun, errors);
  if (items.length === 0 && errors.length === 0) {
    throw batchError(400, `The batch is empty: send at least one ${spec.noun}`, []);
  }
  const valid: BatchItem<T>[] = [];
  const seen = new Map<string, number>();
  for (const { index, raw } of items) {
    const parsed = spec.schema.safeParse(raw);
    const id = readableKey(raw, spec.keyField);
    if (!parsed.success) {
      const detailed = spec.schema.safeParse(raw, { reportInput: true });
      for (const issue of detailed.error?.issues ?? parsed.error.issues) {
        const { field, message } = describeIssue(issue);
        errors.push({ index, message, ...(id === undefined ? {} : { id }), ...(field ? { field } : {}) });
      }
      continue;
    }
    const bad = badTextField(raw);
    if (bad) {
      errors.push({ index, ...bad, ...(id ? { id } : {}) });
      continue;
    }
    const refused = spec.check?.(parsed.data);
    if (refused) {
      errors.push({ index, ...refused, ...(id ? { id } : {}) });
      continue;
    }
    const key = spec.keyOf(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        index,
        id: key,
        field: spec.keyField,
        message: `${spec.keyField}: "${key}" appears twice in this batch (first at index ${first})`,
      });
      continue;
    }
    seen.set(key, index);
    valid.push({ index, value: parsed.data });
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.index - b.index);
    const first = errors[0] as IngestEventError;
    const bad = new Set(errors.map((e) => e.index)).size;
    const more = errors.length > 1 ? ` (${errors.length} errors in ${bad} ${spec.noun}${bad > 1 ? 's' : ''})` : '';
    throw batchError(
      400,
      `Batch refused, nothing was stored: ${spec.noun} ${first.index}${first.id ? ` (id ${first.id})` : ''}: ${first.message}${more}`,
      errors.slice(0, MAX_REPORTED_ERRORS),
    );
  }
  return valid;
}
