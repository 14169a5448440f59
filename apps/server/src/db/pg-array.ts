/**
 * PostgreSQL array literals for `unnest($n::type[])` parameters, built directly: `pg` quotes and
 * escapes every element of a JS array, which costs more than the rest of a 1,000-row insert on the
 * ingest path. Numbers (and decimal text) go bare; other text is quoted only when it must be.
 */
export function numberArray(values: readonly (number | string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${out}}`;
}

const BARE = /^[A-Za-z0-9_.:+@/-]+$/;

function element(value: string): string {
  if (BARE.test(value) && value.toUpperCase() !== 'NULL') return value;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** Text-like elements (text, inet, timestamptz, date, boolean as true/false). */
export function textArray(values: readonly (string | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : typeof value === 'boolean' ? String(value) : element(value);
  }
  return `${out}}`;
}
