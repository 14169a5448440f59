import { z } from 'zod';

export const MEMBER_ID_MAX_LENGTH = 64;
export const MAX_IDS_PER_REQUEST = 10_000;

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

/** Splits pasted text (commas, spaces, semicolons, new lines) into trimmed, de-duplicated IDs, in order. */
export function splitIds(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;，；]+/)) {
    const id = part.trim();
    if (id) seen.add(id);
  }
  return [...seen];
}

/** An IPv4 or IPv6 address. */
export const IpAddress = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });
/** An address or a CIDR range (IPv4 or IPv6), as the whitelist and console allowlist take them. */
export const IpOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'must be an IPv4 or IPv6 address or CIDR range, such as 203.0.113.7 or 10.0.0.0/8',
});
