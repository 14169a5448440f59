import { z } from 'zod';

/** `{status: 0, message}`: the answer of a call that changes something (user calls: any other status is an error). */
export const Ack = z.object({
  status: z.number().describe('0 on success'),
  message: z.string().describe('What was done, in English'),
});
export type Ack = z.infer<typeof Ack>;
