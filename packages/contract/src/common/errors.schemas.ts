import { z } from 'zod';

export const FieldError = z.object({
  field: z.string().describe('Dotted path of the offending field, such as `Account` or `[3].stake`'),
  in: z.enum(['body', 'querystring', 'params', 'headers']).optional(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorResponse = z.object({
  status: z.number().describe('The HTTP status code'),
  message: z.string().describe('Readable message'),
  messageCode: z.string().describe('Stable machine-readable code'),
  errors: z.array(FieldError).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
