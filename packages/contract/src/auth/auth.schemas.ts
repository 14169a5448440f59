import { z } from 'zod';
import { PriceLevel } from '../common/enums.schemas';
import { StatusOk } from '../common/envelope.schemas';
import { Role } from '../common/roles.schemas';
import { PASSWORD_MAX_LENGTH, SUPPORTED_LANGUAGES } from './auth';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE } from './password-policy';

export const Language = z.enum(SUPPORTED_LANGUAGES);
export type Language = z.infer<typeof Language>;

/**
 * A new password (initial password, registration, reset). The rule that it must not contain the
 * account name needs the account: see `passwordAccountProblem`, which the forms and the server both run.
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/\p{L}/u, 'must contain at least one letter')
  .regex(/\p{Nd}/u, 'must contain at least one digit')
  .describe(`New password: ${PASSWORD_RULE}`);

export const LoginBody = z.object({
  Account: z.string().trim().min(1).max(64).describe('Login account'),
  Password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('Password'),
});
export const LoginResponse = z.object({
  status: z.number().describe('0 on success'),
  message: z.string(),
  token: z.string().describe('Bearer token for the Authorization header'),
  expired: z.string().describe('ISO 8601 time at which the token expires'),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const AuthCheckResponse = z.object({
  _id: z.number().describe('User id (AID)'),
  _role: Role.describe('Role in the working company'),
  _isPublisher: z.boolean().describe('The working company is a game publisher (IP holder)'),
  _isSuperAdmin: z.boolean().describe('The special administrator account of spec §6'),
  priceLevel: PriceLevel.describe("The working company's price level"),
  account: z.string(),
});
export type AuthCheckResponse = z.infer<typeof AuthCheckResponse>;

export const CompanySummary = z.object({
  cid: z.number(),
  name: z.string(),
  operatorType: z.number(),
  priceLevel: PriceLevel,
  role: Role.describe("The user's role in that company"),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const UserInfo = z.object({
  account: z.string(),
  name: z.string(),
  role: Role,
  cid: z.number().describe('The working company'),
  companyIds: z.array(z.number()).describe('Every company the user may work in'),
  companies: z.array(CompanySummary).describe('Names and price levels of companyIds'),
  groupName: z.string(),
  darkMode: z.union([z.literal(0), z.literal(1)]),
  language: Language,
  timeZone: z
    .string()
    .describe("The working company's time zone (IANA, system parameters): every time the console shows is in it"),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const UpdateUserPreferenceBody = z
  .object({
    darkMode: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('0 light, 1 dark'),
    language: Language.optional(),
  })
  .refine((v) => v.darkMode !== undefined || v.language !== undefined, {
    message: 'Give darkMode or language',
    path: ['darkMode'],
  });

export const UpdateCompanyPermissionBody = z.object({
  cid: z.number().int().positive().describe('Company to work in; must be one of companyIds'),
});

export const ChangePasswordBody = z.object({
  Password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('The current password'),
  NewPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The schemas of the endpoints of `auth.api.ts`. */
export const authIo = {
  login: { body: LoginBody, response: LoginResponse },
  authCheck: { response: AuthCheckResponse },
  userInfo: { response: z.object({ status: z.number(), data: UserInfo }) },
  updateUserPreference: { body: UpdateUserPreferenceBody, response: StatusOk },
  updateCompanyPermission: { body: UpdateCompanyPermissionBody, response: LoginResponse.extend({ cid: z.number() }) },
  changePassword: { body: ChangePasswordBody, response: LoginResponse },
};
