import path from 'node:path';
import { Environment } from '@pitboss/contract';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** Every setting comes from the environment (README "Configuration"). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PITBOSS_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PITBOSS_ADMIN_ACCOUNT: z.string().min(1).max(64).default('admin'),
  PITBOSS_ADMIN_PASSWORD: z
    .string()
    .min(8)
    .max(128)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PITBOSS_SUPERADMIN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PITBOSS_DEMO: flag,
  PITBOSS_JWT_SECRET: z
    .string()
    .min(32, 'PITBOSS_JWT_SECRET must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PITBOSS_TITLE: z.string().default('Pitboss'),
  PITBOSS_ENV: Environment.default('prod'),
  PITBOSS_CONSOLE_DIR: z.string().optional(),
  PITBOSS_TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Pitboss <pitboss@localhost>'),
  PITBOSS_PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PITBOSS_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
});

export interface LoginLimits {
  /** Failed attempts allowed per account within the window. */
  perAccount: number;
  /** Attempts allowed per client IP within the window. */
  perIp: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminAccount: string;
  adminPassword: string | undefined;
  superAdmin: string | undefined;
  demo: boolean;
  jwtSecret: string | undefined;
  title: string;
  env: Environment;
  consoleDir: string;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  logLevel: string;
  loginLimits: LoginLimits;
  /** Ingest calls one process works on at once; more are answered 429 with Retry-After. */
  ingestConcurrency: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.PITBOSS_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminAccount: e.PITBOSS_ADMIN_ACCOUNT,
    adminPassword: e.PITBOSS_ADMIN_PASSWORD,
    superAdmin: e.PITBOSS_SUPERADMIN,
    demo: e.PITBOSS_DEMO ?? true,
    jwtSecret: e.PITBOSS_JWT_SECRET,
    title: e.PITBOSS_TITLE,
    env: e.PITBOSS_ENV,
    consoleDir: path.resolve(e.PITBOSS_CONSOLE_DIR ?? path.join(repoRoot, 'apps/console/dist')),
    tokenTtlSeconds: Math.round(e.PITBOSS_TOKEN_TTL_HOURS * 3600),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PITBOSS_PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    loginLimits: { perAccount: 5, perIp: 30, windowMs: 15 * 60 * 1000 },
    ingestConcurrency: e.PITBOSS_INGEST_CONCURRENCY,
  };
}
