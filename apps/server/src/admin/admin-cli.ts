import { parseArgs } from 'node:util';
import { CreateCompanyBody, UpdateCompanyBody } from '@pitboss/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { AppError } from '../lib/errors';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  company list [--name <part>]
  company create --name <name> --type <1|2|3> --mail <first admin's mail>
                 [--currency <code>] [--time-zone <IANA zone>] [--inactive]
  company edit <cid> [--name <name>] [--type <1|2|3>] [--currency <code>]
                 [--time-zone <IANA zone>] [--active <true|false>]

Operator types: 1 platform, 2 publisher, 3 aggregator. A new company gets every default and its first
administrator is invited by mail (queued; the running server sends it). Uses the database of the
environment (DATABASE_URL, or the embedded one in PITBOSS_DATA_DIR: stop the server first).`;

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** The app the commands run on, and how to let it go. */
export interface AdminApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Opens the configured database, migrates it and builds the app (no listening, no outbox worker, no
 * first-start seeding: on an empty database the first company created here is company 1).
 */
export async function openAdminApp(env: Record<string, string | undefined> = process.env): Promise<AdminApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

function fieldErrors(error: z.ZodError, io: AdminIo): number {
  for (const issue of error.issues) io.err(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  return 2;
}

/**
 * `npm run admin -- …`: company administration for an installation without a special administrator.
 * The same service and validation as `/api/v2/system/company`. Answers the exit code: 0 done, 1 refused
 * by the server rules, 2 bad command line or input.
 */
export async function runAdmin(
  args: string[],
  io: AdminIo,
  open: () => Promise<AdminApp> = () => openAdminApp(),
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err((error as Error).message);
    io.err(ADMIN_USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [group, command, ...rest] = positionals;
  if (group !== 'company' || !command || values.help) {
    (values.help ? io.out : io.err)(ADMIN_USAGE);
    return values.help ? 0 : 2;
  }

  let run: (app: FastifyInstance) => Promise<void>;
  if (command === 'list') {
    run = async (app) => {
      const { rows } = await app.companyAdmin.list({ aid: null }, { Name: values.name, page: 1, pageSize: 1000 });
      io.out(['CID', 'Name', 'OperatorType', 'BaseCurrency', 'TimeZone', 'Active', 'Admins'].join('\t'));
      for (const c of rows) {
        io.out([c.CID, c.Name, c.OperatorType, c.BaseCurrency, c.TimeZone, c.Active, c.Admins].join('\t'));
      }
    };
  } else if (command === 'create') {
    const body = CreateCompanyBody.safeParse({
      Name: values.name,
      OperatorType: values.type === undefined ? undefined : Number(values.type),
      BaseCurrency: values.currency,
      TimeZone: values['time-zone'],
      Active: !values.inactive,
      Mail: values.mail,
    });
    if (!body.success) return fieldErrors(body.error, io);
    run = async (app) => {
      const { cid, expires } = await app.companyAdmin.create({ aid: null }, body.data);
      io.out(
        `Created company ${cid} "${body.data.Name}"; invitation to ${body.data.Mail} queued (expires ${expires.toISOString()})`,
      );
    };
  } else if (command === 'edit') {
    const cid = Number(rest[0]);
    if (!Number.isInteger(cid) || cid <= 0) {
      io.err('cid: give the company id, e.g. company edit 2 --active false');
      return 2;
    }
    if (values.active !== undefined && values.active !== 'true' && values.active !== 'false') {
      io.err('Active: must be true or false');
      return 2;
    }
    const body = UpdateCompanyBody.safeParse({
      Name: values.name,
      OperatorType: values.type === undefined ? undefined : Number(values.type),
      BaseCurrency: values.currency,
      TimeZone: values['time-zone'],
      Active: values.active === undefined ? undefined : values.active === 'true',
    });
    if (!body.success) return fieldErrors(body.error, io);
    run = async (app) => {
      await app.companyAdmin.update({ aid: null }, cid, body.data);
      io.out(`Updated company ${cid}`);
    };
  } else {
    io.err(`Unknown command "company ${command}"`);
    io.err(ADMIN_USAGE);
    return 2;
  }

  const admin = await open();
  try {
    await run(admin.app);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.errors?.map((e) => `${e.field}: ${e.message}`) ?? [];
    io.err(fields.length > 0 ? fields.join('\n') : error.message);
    return 1;
  } finally {
    await admin.close();
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      type: { type: 'string' },
      mail: { type: 'string' },
      currency: { type: 'string' },
      'time-zone': { type: 'string' },
      inactive: { type: 'boolean' },
      active: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
