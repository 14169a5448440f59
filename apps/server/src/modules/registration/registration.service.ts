import {
  type GenerateRegisterUrlBody,
  passwordAccountProblem,
  REGISTER_LINK_DEFAULT_HOURS,
  REGISTER_LINK_MAX_DAYS,
  REGISTER_ROUTE,
  type RegisterBody,
  type RegisterUrlInfo,
  roleOfTag,
  tagOfRole,
  USER_STATUS,
} from '@pitboss/contract';
import { NewPassword } from '@pitboss/contract/schemas';
import type { Config } from '../../config';
import type { Database, Sql } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { listCompaniesOfUser } from '../auth/auth.repository';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { findCompany } from '../companies/companies.repository';
import { publicLink } from '../mail/public-url';
import { groupExists } from '../users/groups.repository';
import { newRegistrationToken, parseRegistrationToken } from '../users/invitation-token';
import * as repo from '../users/invitations.repository';
import * as users from '../users/users.repository';
import { registrationErrors } from './registration-errors';

const WINDOW_MS = 15 * 60 * 1000;

/** Registration links and invitations: generate, check, and register with them. */
export class RegistrationService {
  /** Checks of links and addresses, per IP and per token. */
  private readonly checks = new RateLimiter(60, WINDOW_MS);
  private readonly registrations = new RateLimiter(20, WINDOW_MS);

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly auth: AuthService,
  ) {}

  /** A single-use link for a company where the caller is an administrator. */
  async generate(auth: AuthContext, body: GenerateRegisterUrlBody) {
    const cid = body.cid ?? auth.cid;
    if (cid !== auth.cid && !auth.isSuperAdmin) {
      const companies = await listCompaniesOfUser(this.db, auth.aid, false);
      if (!companies.some((c) => c.cid === cid && c.role === 'admin')) {
        throw forbidden(`You are not an administrator of company ${cid}`, 'COMPANY_FORBIDDEN');
      }
    }
    const now = Date.now();
    const expiresAt = body.expired ? new Date(body.expired) : new Date(now + REGISTER_LINK_DEFAULT_HOURS * 3600_000);
    if (expiresAt.getTime() <= now + 60_000) throw badRequest('expired', 'must be in the future');
    if (expiresAt.getTime() > now + REGISTER_LINK_MAX_DAYS * 86_400_000) {
      throw badRequest('expired', `must be at most ${REGISTER_LINK_MAX_DAYS} days ahead`);
    }
    const { token, hash } = newRegistrationToken(cid);
    await this.db.tx(async (sql) => {
      if (!(await findCompany(sql, cid)))
        throw forbidden(`You are not an administrator of company ${cid}`, 'COMPANY_FORBIDDEN');
      if (body.GroupID !== undefined && !(await groupExists(sql, cid, body.GroupID))) {
        throw badRequest('GroupID', `there is no group ${body.GroupID} in company ${cid}`);
      }
      await repo.insertToken(sql, {
        cid,
        tokenHash: hash,
        kind: 'link',
        role: roleOfTag(body.Tags),
        groupId: body.GroupID ?? null,
        expiresAt,
        createdBy: auth.aid,
      });
    });
    return { url: publicLink(this.config, REGISTER_ROUTE, token), token, expired: expiresAt.toISOString() };
  }

  async check(token: string | undefined, ip: string): Promise<RegisterUrlInfo> {
    this.limit(this.checks, ip, token);
    const row = await this.usableToken(this.db, token);
    if (!row) throw registrationErrors.urlInvalid();
    return {
      Kind: row.kind === 'user' ? 'invite' : 'join',
      Account: row.kind === 'user' ? row.account : null,
      Name: row.kind === 'user' ? row.name : null,
      Mail: row.kind === 'user' ? row.user_mail : row.mail,
      Tags: tagOfRole(row.role),
      CompanyName: row.company_name,
      expired: row.expires_at,
      TimeZone: row.time_zone,
    };
  }

  /** Whether `mail` can be used for a new account; only for the holder of a usable registration token. */
  async checkEmail(token: string | undefined, mail: string, ip: string): Promise<void> {
    this.limit(this.checks, ip, token);
    const row = await this.usableToken(this.db, token);
    if (!row) throw registrationErrors.urlInvalid();
    if (row.kind === 'mail' && row.mail?.toLowerCase() !== mail.toLowerCase()) throw registrationErrors.mailUnusable();
    if (await users.mailInUse(this.db, mail)) throw registrationErrors.mailUnusable();
  }

  async register(body: RegisterBody, ip: string): Promise<{ account: string }> {
    this.limit(this.registrations, ip, body.Token);
    const preview = await this.usableToken(this.db, body.Token);
    if (!preview) throw registrationErrors.linkUsed();
    if (preview.kind === 'user') {
      const passwordHash = await this.newPasswordHash(body.Password, preview.account ?? undefined);
      return this.withToken(body.Token, (sql, row) => this.completeInvitation(sql, row, body, passwordHash));
    }
    if (!body.Account) throw badRequest('Account', 'is required');
    // Joining with an existing account runs the login limits and argon2 outside the transaction.
    const joining = await this.existingAccount(body.Account, body.Password, ip);
    if (joining === 'wrong-password') throw registrationErrors.failed();
    const passwordHash = joining ? null : await this.newPasswordHash(body.Password, body.Account);
    return this.withToken(body.Token, async (sql, row) => {
      if (row.kind === 'user') throw registrationErrors.linkUsed();
      let aid: number;
      if (joining) {
        if (joining.status !== USER_STATUS.active) throw registrationErrors.failed();
        if (await users.findMember(sql, row.cid, joining.aid)) throw registrationErrors.failed();
        aid = joining.aid;
      } else {
        aid = await this.createAccount(sql, row, body, passwordHash as string);
      }
      const groupId = row.group_id !== null && (await groupExists(sql, row.cid, row.group_id)) ? row.group_id : null;
      await users.insertMembership(sql, { cid: row.cid, aid, role: row.role, groupId });
      await repo.markUsed(sql, row.cid, row.id, aid);
      return { account: joining ? joining.account : (body.Account as string) };
    });
  }

  /** Runs `fn` with the token's row locked and still usable; a race on account or mail fails the registration. */
  private async withToken<T>(token: string, fn: (sql: Sql, row: repo.TokenRow) => Promise<T>): Promise<T> {
    const parsed = parseRegistrationToken(token);
    if (!parsed) throw registrationErrors.linkUsed();
    try {
      return await this.db.tx(async (sql) => {
        const row = await repo.findToken(sql, parsed.cid, parsed.hash, true);
        if (!row?.usable) throw registrationErrors.linkUsed();
        return fn(sql, row);
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw registrationErrors.failed();
      throw error;
    }
  }

  /** A new account from a join link or a mailed invitation (whose address it must use). */
  private async createAccount(sql: Sql, row: repo.TokenRow, body: RegisterBody, passwordHash: string) {
    const account = body.Account as string;
    if (!body.Name) throw badRequest('Name', 'is required for a new account');
    const mail = row.kind === 'mail' ? (row.mail as string) : body.Mail;
    if (!mail) throw badRequest('Mail', 'is required for a new account');
    if (row.kind === 'mail' && body.Mail && body.Mail.toLowerCase() !== mail.toLowerCase()) {
      throw badRequest('Mail', 'must be the address the invitation was sent to');
    }
    // Taken account or mail: the same fixed failure, never which of the two or where.
    if ((await users.mailInUse(sql, mail)) || (await users.accountExists(sql, account))) {
      throw registrationErrors.failed();
    }
    return users.insertUser(sql, {
      account,
      name: body.Name,
      mail,
      passwordHash,
      status: USER_STATUS.active,
      lastCid: row.cid,
      language: 'zh',
    });
  }

  /** An invited user sets their password (and may correct their name). */
  private async completeInvitation(sql: Sql, row: repo.TokenRow, body: RegisterBody, passwordHash: string) {
    const aid = row.aid as number;
    const member = await users.findMember(sql, row.cid, aid);
    if (!member || member.has_password) throw registrationErrors.failed();
    await users.setPassword(sql, aid, passwordHash, USER_STATUS.active);
    if (body.Name && body.Name !== member.name) await users.updateIdentity(sql, aid, { name: body.Name });
    await repo.markUsed(sql, row.cid, row.id, aid);
    await repo.revokeUserTokens(sql, row.cid, aid);
    return { account: member.account };
  }

  /** The existing account for a join, `wrong-password`, or undefined when the account does not exist. */
  private async existingAccount(account: string, password: string, ip: string) {
    if (!(await users.accountExists(this.db, account))) return undefined;
    return (await this.auth.checkPassword(account, password, ip)) ?? ('wrong-password' as const);
  }

  /** Checks the password rule for a new account (400 naming Password) and hashes it. */
  private async newPasswordHash(password: string, account: string | undefined): Promise<string> {
    const checked = NewPassword.safeParse(password);
    if (!checked.success) throw badRequest('Password', checked.error.issues[0]?.message ?? 'is too weak');
    const problem = passwordAccountProblem(password, account);
    if (problem) throw badRequest('Password', problem);
    return hashPassword(password);
  }

  private async usableToken(sql: Sql, token: string | undefined): Promise<repo.TokenRow | undefined> {
    const parsed = parseRegistrationToken(token);
    if (!parsed) return undefined;
    const row = await repo.findToken(sql, parsed.cid, parsed.hash);
    return row?.usable ? row : undefined;
  }

  private limit(limiter: RateLimiter, ip: string, token: string | undefined): void {
    const wait = limiter.take(`ip:${ip}`, `token:${(token ?? '').slice(0, 80)}`);
    if (wait > 0) throw tooManyRequests(wait);
  }
}
