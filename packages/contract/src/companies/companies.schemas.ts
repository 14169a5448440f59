import { z } from 'zod';
import { Ack } from '../common/ack.schemas';
import { OperatorType } from '../common/enums.schemas';
import { listEnvelope, PageQuery } from '../common/envelope.schemas';
import { CurrencyCode } from '../currency/currency.schemas';
import { TimeZone } from '../settings/settings.schemas';
import { MailAddress } from '../users/users.schemas';

export const COMPANY_NAME_MAX_LENGTH = 100;

export const CompanyName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(COMPANY_NAME_MAX_LENGTH, `must be at most ${COMPANY_NAME_MAX_LENGTH} characters`)
  .describe('Company name');

const OperatorTypeField = OperatorType.describe('1 platform, 2 publisher, 3 aggregator');

/** A company as company administration lists it. */
export const Company = z.object({
  CID: z.number().describe('Company id'),
  Name: z.string(),
  OperatorType: OperatorTypeField,
  BaseCurrency: z.string(),
  TimeZone: z.string(),
  Active: z.boolean().describe('An inactive company cannot be worked in (only the special administrator sees it)'),
  Admins: z.number().describe('Active administrators of the company'),
  CreateDate: z.string(),
});
export type Company = z.infer<typeof Company>;

export const ListCompaniesQuery = PageQuery.extend({
  Name: z.string().trim().max(COMPANY_NAME_MAX_LENGTH).optional().describe('Part of the name, ignoring case'),
});

export const CreateCompanyBody = z.object({
  Name: CompanyName,
  OperatorType: OperatorTypeField,
  BaseCurrency: CurrencyCode.default('USD'),
  TimeZone: TimeZone.default('Asia/Taipei'),
  Active: z.boolean().default(true),
  Mail: MailAddress.describe('The first administrator: an invitation to register is mailed to this address'),
});
export type CreateCompanyBody = z.input<typeof CreateCompanyBody>;

export const UpdateCompanyBody = z
  .object({
    Name: CompanyName.optional(),
    OperatorType: OperatorTypeField.optional(),
    BaseCurrency: CurrencyCode.optional(),
    TimeZone: TimeZone.optional(),
    Active: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Give Name, OperatorType, BaseCurrency, TimeZone or Active',
    path: ['Name'],
  });
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

const CidParam = z.coerce.number().int().positive('must be a company id').describe('Company id');

export const companiesIo = {
  listCompanies: { querystring: ListCompaniesQuery, response: listEnvelope(Company) },
  createCompany: {
    body: CreateCompanyBody,
    response: Ack.extend({
      CID: z.number(),
      expired: z.string().describe("When the first administrator's invitation expires (ISO 8601)"),
      MailSent: z.boolean().describe('The invitation mail will be sent (false when no mail server is configured)'),
      InvitationLink: z
        .string()
        .optional()
        .describe('The invitation link, only when no mail server is configured: pass it on to the administrator'),
    }),
  },
  updateCompany: { params: z.object({ cid: CidParam }), body: UpdateCompanyBody, response: Ack },
};
