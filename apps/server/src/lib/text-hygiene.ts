/**
 * Text that no field may hold (issue 21): NUL (PostgreSQL text cannot store it), lone UTF-16 surrogates
 * (UTF-8 cannot encode them: they would be stored altered), and the other control characters (C0, DEL,
 * C1). Tab, line feed and carriage return are allowed only in free-text fields (memos). One owner: the
 * request hook (`plugins/text-hygiene.ts`), the ingest batch check and CSV cells all ask this module.
 */

/**
 * Fields where tab and new lines are allowed: free text (`Memo`, `GroupMemo`, `Remark`, `Note`,
 * `Description`) and pasted id lists (`MemberIDs`, `IPs`, …), which split on new lines as on commas.
 */
const MULTILINE_FIELD = /(memo|remark|note|description|comment|ids|ips)$/i;

// Lone surrogates only: with the `u` flag a well-formed pair is one code point and does not match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Why `text` may not be stored in the field `field` (its last path segment decides), or undefined. */
export function textProblem(text: string, field: string): string | undefined {
  if (text.indexOf('\u0000') !== -1) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it holds a lone surrogate)';
  const last =
    field
      .replace(/\[\d+\]$/, '')
      .split('.')
      .pop() ?? field;
  const control = MULTILINE_FIELD.test(last) ? CONTROL_BUT_LINES : CONTROL;
  const match = control.exec(text);
  if (match) {
    const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `must not contain control characters (U+${code})`;
  }
  return undefined;
}

export interface TextIssue {
  field: string;
  message: string;
}

const MAX_DEPTH = 64;

/** `a.b`, `a[3]`: the path of a value inside a body, as errors name fields. */
function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * The first string (or object key) in `value` that may not be stored, with its path (`prefix` leads the
 * path: `Title`, a query parameter). Depth beyond 64 is not walked (bodies are validated afterwards).
 */
export function findTextIssue(value: unknown, prefix = '', depth = 0): TextIssue | undefined {
  if (typeof value === 'string') {
    const message = textProblem(value, prefix);
    return message ? { field: prefix || 'body', message } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const issue = findTextIssue(value[i], join(prefix, i), depth + 1);
      if (issue) return issue;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const path = join(prefix, key);
    const keyProblem = textProblem(key, '');
    if (keyProblem) return { field: path, message: `the name ${keyProblem}` };
    const issue = findTextIssue((value as Record<string, unknown>)[key], path, depth + 1);
    if (issue) return issue;
  }
  return undefined;
}

/** A text made safe to store in a record of what was sent (the audit log): bad characters written as `\uXXXX`. */
export function escapeForRecord(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/gu, (c) => {
    return `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
  });
}

/** `escapeForRecord` through a JSON-like value (strings and keys). */
export function escapeValueForRecord(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeForRecord(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => escapeValueForRecord(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [escapeForRecord(k), escapeValueForRecord(v, depth + 1)]),
  );
}
