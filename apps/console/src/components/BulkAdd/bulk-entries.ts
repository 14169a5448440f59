import { MAX_IDS_PER_REQUEST } from '@pitboss/contract';

/**
 * The pure part of a bulk add: entries read from pasted text or a CSV file, checked before they are
 * sent, then marked with the server's answer. Each entry keeps the line it came from, so a problem
 * can be found in the source.
 */

/** Why an entry will not be sent, or why the server did not take it. `values` feed the translation. */
export interface EntryProblem {
  code: string;
  values?: Record<string, string | number>;
}

export type EntryOutcome = 'added' | 'alreadyListed' | 'refused';

export interface BulkEntry {
  /** 1-based line of the paste or the file. */
  line: number;
  /** The value as given (a member ID, an address). */
  key: string;
  /** Memo from the file; empty when none (the form's common memo then applies). */
  memo: string;
  /** Set when the entry is skipped (invalid, duplicate) or the server refused it. */
  problem?: EntryProblem;
  outcome?: EntryOutcome;
}

export interface CsvColumnsSpec {
  /** Header names (compared loosely) that mark the key column, e.g. `['MemberID', 'Member ID']`. */
  keyHeaders: readonly string[];
  /** Header names of the memo column. */
  memoHeaders?: readonly string[];
}

/** Entries from pasted text: values separated by new lines, commas, semicolons, spaces or tabs. */
export function entriesFromText(text: string): BulkEntry[] {
  const entries: BulkEntry[] = [];
  text.split(/\r\n|\r|\n/).forEach((content, index) => {
    for (const part of content.split(/[\s,;，；]+/)) {
      const key = part.trim();
      if (key) entries.push({ line: index + 1, key, memo: '' });
    }
  });
  return entries;
}

/**
 * Marks entries that will not be sent: blank, refused by `validate`, or a repeat of an earlier entry
 * (compared by `canonical`, e.g. `2001:DB8::1` and `2001:db8::1`). Returns new objects.
 */
export function checkEntries(
  entries: readonly BulkEntry[],
  validate: (entry: BulkEntry) => EntryProblem | undefined,
  canonical: (key: string) => string = (key) => key,
): BulkEntry[] {
  const firstLine = new Map<string, number>();
  return entries.map((entry) => {
    const { problem: _old, outcome: _done, ...rest } = entry;
    if (!entry.key) return { ...rest, problem: { code: 'blank' } };
    const problem = validate(entry);
    if (problem) return { ...rest, problem };
    const id = canonical(entry.key);
    const earlier = firstLine.get(id);
    if (earlier !== undefined) return { ...rest, problem: { code: 'duplicate', values: { line: earlier } } };
    firstLine.set(id, entry.line);
    return rest;
  });
}

/** The entries that will be sent. */
export function sendable(entries: readonly BulkEntry[]): BulkEntry[] {
  return entries.filter((e) => !e.problem && !e.outcome);
}

/** Whether the entries to send exceed one request (`MAX_IDS_PER_REQUEST`). */
export function isTooMany(entries: readonly BulkEntry[]): boolean {
  return sendable(entries).length > MAX_IDS_PER_REQUEST;
}

export interface BulkAnswer {
  added: readonly string[];
  alreadyListed: readonly string[];
}

/**
 * Marks the entries that were sent with the server's answer (`sent` are the entries of the request,
 * in order): added or already listed, matched by `canonical`. Entries not sent keep their state.
 */
export function applyAnswer(
  entries: readonly BulkEntry[],
  sent: readonly BulkEntry[],
  answer: BulkAnswer,
  canonical: (key: string) => string = (key) => key,
): BulkEntry[] {
  const added = new Set(answer.added);
  const already = new Set(answer.alreadyListed);
  const sentSet = new Set(sent);
  return entries.map((entry) => {
    if (!sentSet.has(entry)) return entry;
    const id = canonical(entry.key);
    if (added.has(id)) return { ...entry, outcome: 'added' };
    if (already.has(id)) return { ...entry, outcome: 'alreadyListed' };
    return entry;
  });
}

/**
 * Marks the sent entries the server refused: `refusals` maps an index of the request (from field
 * errors such as `BlackMember_UDT[3].MemberID`) to the reason. Nothing else changed on the server.
 */
export function applyRefusals(
  entries: readonly BulkEntry[],
  sent: readonly BulkEntry[],
  refusals: ReadonlyMap<number, EntryProblem>,
): BulkEntry[] {
  const refusedEntries = new Map<BulkEntry, EntryProblem>();
  for (const [index, problem] of refusals) {
    const entry = sent[index];
    if (entry) refusedEntries.set(entry, problem);
  }
  return entries.map((entry) => {
    const problem = refusedEntries.get(entry);
    return problem ? { ...entry, outcome: 'refused', problem } : entry;
  });
}

export interface BulkSummary {
  total: number;
  toSend: number;
  skipped: number;
  added: number;
  alreadyListed: number;
  refused: number;
}

export function summarise(entries: readonly BulkEntry[]): BulkSummary {
  const summary: BulkSummary = { total: entries.length, toSend: 0, skipped: 0, added: 0, alreadyListed: 0, refused: 0 };
  for (const entry of entries) {
    if (entry.outcome) summary[entry.outcome] += 1;
    else if (entry.problem) summary.skipped += 1;
    else summary.toSend += 1;
  }
  return summary;
}
