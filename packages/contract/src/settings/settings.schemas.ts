import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { WhitelistIpValue } from '../common/ip.schemas';
import { CurrencyCode } from '../currency/currency.schemas';
import { MAX_ALLOWLIST_ENTRIES } from './settings';

/** An IANA time zone such as Asia/Taipei or UTC. */
export const TimeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be an IANA time zone such as Asia/Taipei or UTC' },
  )
  .describe('IANA time zone, such as Asia/Taipei');

export const AllowlistEntry = z.object({
  IP: WhitelistIpValue.describe(
    'An address (203.0.113.7) or a CIDR range starting at its network address (10.0.0.0/8)',
  ),
  Memo: z.string().trim().max(200, 'must be at most 200 characters').default(''),
});

export const SystemSetting = z.object({
  BaseCurrency: z.string(),
  TimeZone: z.string(),
  IPAllowlist: z
    .array(z.object({ IP: z.string(), Memo: z.string(), CreateDate: z.string() }))
    .describe('Console IP allowlist; empty means every address may use the console'),
  CurrentIP: z.string().describe('The caller’s address as the server sees it'),
});
export type SystemSetting = z.infer<typeof SystemSetting>;

export const UpdateSystemSettingBody = z
  .object({
    BaseCurrency: CurrencyCode.optional(),
    TimeZone: TimeZone.optional(),
    ConfirmBaseCurrencyChange: z
      .boolean()
      .optional()
      .describe('Required to change the base currency once exchange rates exist (they are relative to it)'),
  })
  .refine((v) => v.BaseCurrency !== undefined || v.TimeZone !== undefined, {
    message: 'Give BaseCurrency or TimeZone',
    path: ['BaseCurrency'],
  });

export const UpdateIpAllowlistBody = z.object({
  IPs: z
    .array(AllowlistEntry)
    .max(MAX_ALLOWLIST_ENTRIES, `must have at most ${MAX_ALLOWLIST_ENTRIES} entries`)
    .describe('The whole list; empty lifts the restriction'),
  ConfirmLockout: z.boolean().optional().describe('Required to save a list that leaves out your own current address'),
});
export type UpdateIpAllowlistBody = z.infer<typeof UpdateIpAllowlistBody>;

/** The schemas of the endpoints of `settings.api.ts`. */
export const settingsIo = {
  getSystemSetting: { response: z.object({ status: z.number().describe('0 on success'), data: SystemSetting }) },
  updateSystemSetting: { body: UpdateSystemSettingBody, response: Ack },
  updateIpAllowlist: { body: UpdateIpAllowlistBody, response: Ack.extend({ data: SystemSetting }) },
  ipVerify: {
    response: z.object({
      status: z.number().describe('0 on success'),
      IP: z.string().describe('The caller’s address as the server sees it'),
      allowed: z.boolean(),
      restricted: z.boolean().describe('A list applies (the caller has a session and the company has a list)'),
    }),
  },
};
