import { z } from 'zod';
import { networkIfHostBitsSet } from './ip';

/** An IPv4 or IPv6 address. */
export const IpAddress = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });
/** An address or a CIDR range (IPv4 or IPv6), as the whitelist and console allowlist take them. */
export const IpOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'must be an IPv4 or IPv6 address or CIDR range, such as 203.0.113.7 or 10.0.0.0/8',
});

/** An IPv4 or IPv6 address or CIDR range for the IP whitelist; a range must start at its network address. */
export const WhitelistIpValue = z
  .string()
  .trim()
  .pipe(IpOrCidr)
  .superRefine((value, ctx) => {
    const network = networkIfHostBitsSet(value);
    if (network) ctx.addIssue({ code: 'custom', message: `has bits set after the prefix; did you mean ${network}?` });
  })
  .describe('IPv4 or IPv6 address, or CIDR range such as 203.0.113.0/24 or 2001:db8::/32');
