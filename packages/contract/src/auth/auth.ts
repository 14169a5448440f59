import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { PriceLevel } from '../common/enums';
import { StatusOk } from '../common/envelope';
import { Role } from '../common/roles';

export const SUPPORTED_LANGUAGES = ['en', 'zh', 'zh-CN'] as const;
export const Language = z.enum(SUPPORTED_LANGUAGES);
export type Language = z.infer<typeof Language>;
export const DEFAULT_LANGUAGE: Language = 'zh';

export const PASSWORD_MAX_LENGTH = 128;

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

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/login',
  summary: 'Log in with account and password; answers a bearer token',
  tag: 'auth',
  access: 'public',
  body: LoginBody,
  response: LoginResponse,
});

export const AuthCheckResponse = z.object({
  _id: z.number().describe('User id (AID)'),
  _role: Role.describe('Role in the working company'),
  _isPublisher: z.boolean().describe('The working company is a game publisher (IP holder)'),
  _isSuperAdmin: z.boolean().describe('The special administrator account of spec §6'),
  priceLevel: PriceLevel.describe("The working company's price level"),
  account: z.string(),
});
export type AuthCheckResponse = z.infer<typeof AuthCheckResponse>;

export const authCheck = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/check',
  summary: 'Check the token and answer role, publisher flag and price level',
  tag: 'auth',
  access: 'authenticated',
  response: AuthCheckResponse,
});

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
});
export type UserInfo = z.infer<typeof UserInfo>;

export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v2/auth/user-info',
  summary: 'The current user (spec §3)',
  tag: 'auth',
  access: 'authenticated',
  response: z.object({ status: z.number(), data: UserInfo }),
});

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

export const updateUserPreference = defineEndpoint({
  method: 'PUT',
  path: '/api/v2/auth/update-user-preference',
  summary: "Save the user's dark mode and language",
  tag: 'auth',
  access: 'authenticated',
  body: UpdateUserPreferenceBody,
  response: StatusOk,
});

export const UpdateCompanyPermissionBody = z.object({
  cid: z.number().int().positive().describe('Company to work in; must be one of companyIds'),
});

export const updateCompanyPermission = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/update-company-permission',
  summary: 'Switch the working company; answers a token scoped to it',
  tag: 'auth',
  access: 'authenticated',
  body: UpdateCompanyPermissionBody,
  response: LoginResponse.extend({ cid: z.number() }),
});
