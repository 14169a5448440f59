import type { z } from 'zod';

export interface DescribedIssue {
  field: string | undefined;
  message: string;
}

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  return typeof input === 'object' ? 'an object' : typeof input;
}

/**
 * Zod's issue in the words an operator's engineer reads in a refused batch: `stake: must be at least 0`.
 * Parse with `{ reportInput: true }` so that a missing field reads "is required".
 */
export function describeIssue(issue: z.core.$ZodIssue): DescribedIssue {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  const reason = reasonOf(issue);
  return { field, message: field ? `${field}: ${reason}` : reason };
}

function reasonOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'object' ? 'a JSON object' : `a ${issue.expected}`}, not ${received(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return `must not be empty`;
      return issue.inclusive ? `must be at least ${issue.minimum}` : `must be greater than ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      return issue.inclusive ? `must be at most ${issue.maximum}` : `must be less than ${issue.maximum}`;
    case 'invalid_format':
      if (issue.format === 'datetime') {
        return 'must be an ISO 8601 time with an offset, such as 2026-11-22T08:00:00+08:00 or 2026-11-22T00:00:00Z';
      }
      return issue.message;
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        const input = issue.input as Record<string, unknown> | undefined;
        if (input?.[issue.discriminator as string] === undefined) return `is required (one of ${options.join(', ')})`;
        return `must be one of ${options.join(', ')}`;
      }
      if (issue.path.at(-1) === 'ip') return 'must be an IPv4 or IPv6 address';
      return issue.message;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    default:
      return issue.message;
  }
}
