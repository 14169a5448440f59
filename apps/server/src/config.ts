import path from 'node:path';
import { Environment, IpOrCidr } from '@pitboss/contract/schemas';
import { z } from 'zod';
import { CONSOLE_DIST_DIR } from './paths';

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
  PITBOSS_DEMO_INGEST_KEY: z
    .string()
    .regex(
      /^pbk_[A-Za-z0-9_-]{20,128}$/,
      'PITBOSS_DEMO_INGEST_KEY must be an ingest key (pbk_ and 20 to 128 letters, digits, - or _)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
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
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Pitboss <pitboss@localhost>'),
  PITBOSS_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+/, 'PITBOSS_PUBLIC_URL must be an http(s) URL such as https://pitboss.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PITBOSS_TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PITBOSS_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  PITBOSS_ALERT_REPLAY_DAYS: z.coerce.number().int().min(1).max(800).default(15),
  PITBOSS_OUTBOUND_ALLOW: z.string().default(''),
  PITBOSS_NOTIFY_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  TELEGRAM_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+/, 'TELEGRAM_API_URL must be an http(s) URL such as https://api.telegram.org')
    .default('https://api.telegram.org'),
  PITBOSS_INGEST_MAX_FUTURE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

/**
 * `PITBOSS_TRUST_PROXY` as Fastify's `trustProxy`: unset or `false` (the socket's address is the
 * client), `true` (trust every proxy: only behind a proxy that overwrites X-Forwarded-For), or a
 * comma-separated list of the proxies' addresses and CIDR ranges (`loopback`, `linklocal` and
 * `uniquelocal` name the usual private ranges). Fastify refuses hop counts, so they are not offered.
 */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !IpOrCidr.safeParse(e).success && !PROXY_RANGE_NAMES.includes(e));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `PITBOSS_TRUST_PROXY must be true, false, or proxy addresses/CIDR ranges (or loopback, linklocal, uniquelocal), not "${bad}"`,
    });
    return false;
  }
  return entries;
}

export type TrustProxy = boolean | string[];

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
  /** The demo feed's ingest key, registered for company 1 at the start (`npm start` passes it; see ensureDemoKey). */
  demoIngestKey: string | undefined;
  jwtSecret: string | undefined;
  title: string;
  env: Environment;
  consoleDir: string;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links in mails (`PITBOSS_PUBLIC_URL`, no trailing slash); see `publicBaseUrl`. */
  publicUrl: string | undefined;
  trustProxy: TrustProxy;
  logLevel: string;
  loginLimits: LoginLimits;
  /** Ingest calls one process works on at once; more are answered 429 with Retry-After. */
  ingestConcurrency: number;
  /** Most days of stored events replayed to rebuild a company's alert engine (longer windows start truncated). */
  alertReplayDays: number;
  /**
   * Hosts and CIDR ranges that notification targets and block APIs may call although the outbound rule
   * refuses them (loopback, link-local, the server itself): `PITBOSS_OUTBOUND_ALLOW`, comma-separated.
   */
  outboundAllow: string[];
  /** Alert mails one recipient gets per minute; beyond it the rest go out as one digest (`PITBOSS_NOTIFY_PER_MINUTE`). */
  notifyPerMinute: number;
  /** Base of the Telegram Bot API (`TELEGRAM_API_URL`, no trailing slash; tests point it at a local stand-in). */
  telegramApiUrl: string;
  /** How far ahead of the server's clock an event may be dated (ms); later ones are refused at ingest. */
  ingestMaxFutureMs: number;
}

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
    demoIngestKey: e.PITBOSS_DEMO_INGEST_KEY,
    jwtSecret: e.PITBOSS_JWT_SECRET,
    title: e.PITBOSS_TITLE,
    env: e.PITBOSS_ENV,
    consoleDir: path.resolve(e.PITBOSS_CONSOLE_DIR ?? CONSOLE_DIST_DIR),
    tokenTtlSeconds: Math.round(e.PITBOSS_TOKEN_TTL_HOURS * 3600),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PITBOSS_PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.PITBOSS_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    loginLimits: { perAccount: 5, perIp: 30, windowMs: 15 * 60 * 1000 },
    ingestConcurrency: e.PITBOSS_INGEST_CONCURRENCY,
    alertReplayDays: e.PITBOSS_ALERT_REPLAY_DAYS,
    outboundAllow: e.PITBOSS_OUTBOUND_ALLOW.split(/[,\s]+/).filter((v) => v !== ''),
    notifyPerMinute: e.PITBOSS_NOTIFY_PER_MINUTE,
    telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
    ingestMaxFutureMs: e.PITBOSS_INGEST_MAX_FUTURE_SECONDS * 1000,
  };
}
