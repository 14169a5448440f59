import { z } from 'zod';
import { MEMBER_ID_MAX_LENGTH } from './identifiers';

/** Spec §5: member IDs are converted to text and trimmed before being added to a list. */
export const MemberId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, 'must not be blank')
      .max(MEMBER_ID_MAX_LENGTH, `must be at most ${MEMBER_ID_MAX_LENGTH} characters`),
  );
