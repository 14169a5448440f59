import { z } from 'zod';

/** The schema of the spec §3 list-response envelope (`ListEnvelope` in `envelope.ts`). */
export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    status: z.number().describe('0 on success'),
    data: z.object({
      recordsets: z.array(z.array(row)).describe('Every result set; the first is `recordset`'),
      recordset: z.array(row).describe('The rows of this page'),
      output: z.record(z.string(), z.unknown()).describe('Output values, such as the total `cnt`'),
      rowsAffected: z.array(z.number()),
      returnValue: z.number(),
    }),
    cnt: z.number().optional().describe('Total number of rows over all pages (paged lists)'),
  });
}

/** A plain `{status: 0}` acknowledgement. */
export const StatusOk = z.object({ status: z.number(), message: z.string().optional() });
export type StatusOk = z.infer<typeof StatusOk>;

/** Page and page size as the spec's list calls take them (default page size 25). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  pageSize: z.coerce.number().int().min(1).max(1000).default(25).describe('Rows per page, 1–1000 (default 25)'),
});

/**
 * A sort parameter as the spec writes it: `"<Field> <Desc|Asc>"` (default `'CreateDate Desc'` or
 * `'Bet Desc'`). Only the listed fields are accepted; the server maps each to a column.
 */
export function sortParam<const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: `${F[number]} ${'Desc' | 'Asc'}`,
) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const [field, order = 'Desc'] = value.trim().split(/\s+/);
      if (!field || !(fields as readonly string[]).includes(field) || (order !== 'Desc' && order !== 'Asc')) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${fields.join(', ')} followed by Desc or Asc` });
        return z.NEVER;
      }
      return { field: field as F[number], order: order as 'Desc' | 'Asc' };
    })
    .describe(`"<field> Desc|Asc" with field one of ${fields.join(', ')}`);
}

/** A comma-separated or repeated query list of integers, e.g. `EventTypes=1,2` or `EventTypes=1&EventTypes=2`. */
export function intListParam() {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .filter((v) => v.trim() !== '');
      const numbers = parts.map((p) => Number(p.trim()));
      if (numbers.some((n) => !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of whole numbers' });
        return z.NEVER;
      }
      return numbers;
    });
}
