export const MEMBER_ID_MAX_LENGTH = 64;
export const MAX_IDS_PER_REQUEST = 10_000;

/** Splits pasted text (commas, spaces, semicolons, new lines) into trimmed, de-duplicated IDs, in order. */
export function splitIds(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;，；]+/)) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}
