import { z } from 'zod';

export const VersionFile = z.object({ version: z.string() });
export type VersionFile = z.infer<typeof VersionFile>;
