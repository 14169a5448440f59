import { CONSOLE_ROLES, passwordAccountProblem, priceLevelOf, type UserInfo } from '@pitboss/contract';
import { Role } from '@pitboss/contract/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, badRequest, forbidden, tooManyRequests, unauthenticated } from '../../lib/errors';
import { ipMatcher, isIpAllowed, normalizeIp } from '../../lib/ip-match';
import { setPasswordAndEndSessions } from './account-recovery.repository';
import * as repo from './auth.repository';
import { LoginAttempts } from './login-limits';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import type { TokenService } from './tokens';

export interface IssuedToken {
  token: string;
  expired: string;
}

const ACCOUNT_DISABLED = () =>
  new AppError(403, 'ACCOUNT_DISABLED', 'This account is disabled; ask your administrator');
const INVALID_CREDENTIALS = () => new AppError(401, 'INVALID_CREDENTIALS', 'Wrong account or password');

/** The refusal for a caller outside the company's console IP allowlist. */
export function ipNotAllowed(ip: string): AppError {
  return forbidden(
    `Your address ${normalizeIp(ip)} is not allowed to use this company's console; ask your administrator to add it to the IP allowlist`,
    'IP_NOT_ALLOWED',
  );
}

export class AuthService {
  private readonly limiter: LoginAttempts;

  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly config: Config,
  ) {
    this.limiter = new LoginAttempts(db, config.loginLimits);
  }

  isSuperAdmin(account: string): boolean {
    return !!this.config.superAdmin && account.toLowerCase() === this.config.superAdmin.toLowerCase();
  }

  /**
   * The user whose account and password these are, or undefined; counts against the login limits
   * (failures per account and per IP) whoever asks: login, or registration joining an existing account.
   */
  async checkPassword(account: string, password: string, ip: string): Promise<repo.UserRow | undefined> {
    const wait = await this.limiter.check(account, ip);
    if (wait > 0) throw tooManyRequests(wait, 'Too many failed login attempts');
    const user = await repo.findUserByAccount(this.db, account);
    // Verify against a dummy hash for unknown accounts so both failures take the same time.
    const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    if (!user?.password_hash || !ok) {
      await this.limiter.recordFailure(account, ip);
      return undefined;
    }
    await this.limiter.recordSuccess(account, ip);
    return user;
  }

  async login(account: string, password: string, ip: string): Promise<IssuedToken> {
    const user = await this.checkPassword(account, password, ip);
    if (!user) throw INVALID_CREDENTIALS();
    if (user.status !== repo.USER_STATUS.active) throw ACCOUNT_DISABLED();
    const superAdmin = this.isSuperAdmin(user.account);
    const companies = await repo.listCompaniesOfUser(this.db, user.aid, superAdmin);
    const usable = companies.filter((c) => superAdmin || CONSOLE_ROLES.includes(c.role as Role));
    if (usable.length === 0) {
      // Disabled in every company they belong to: say so, not "notifications only".
      if (companies.length > 0 && companies.every((c) => c.member_status === 0)) throw ACCOUNT_DISABLED();
      throw new AppError(
        403,
        'ROLE_NO_CONSOLE',
        'This account receives notifications only and cannot open the console; ask your administrator for access',
      );
    }
    // Only now, after the password, does the caller learn that their address is not allowed.
    const reachable = usable.filter((c) => isIpAllowed(ipMatcher, c.ip_allowlist, ip));
    const chosen = reachable.find((c) => c.cid === user.last_cid) ?? reachable[0];
    if (!chosen) throw ipNotAllowed(ip);
    return this.issue(user.aid, chosen.cid, user.session_version);
  }

  /** The caller of a bearer token, or an AppError 401 saying why not. */
  async resolve(token: string | undefined): Promise<AuthContext> {
    if (!token) throw unauthenticated();
    const claims = await this.tokens.verify(token);
    if (claims === 'expired') throw unauthenticated('Your session has expired; log in again', 'TOKEN_EXPIRED');
    if (claims === 'invalid') throw unauthenticated('Your session is not valid; log in again');
    const session = await repo.findSession(this.db, claims.aid, claims.cid);
    if (
      !session ||
      session.status !== repo.USER_STATUS.active ||
      session.session_version !== claims.sv ||
      session.operator_type === null
    ) {
      throw unauthenticated('Your session is no longer valid; log in again');
    }
    const isSuperAdmin = this.isSuperAdmin(session.account);
    // A deactivated company: only the special administrator may still work in it.
    if (session.company_active === false && !isSuperAdmin) {
      throw unauthenticated('This company has been deactivated; log in again');
    }
    const role: Role = isSuperAdmin ? 'admin' : (Role.safeParse(session.role).data ?? 'none');
    return {
      aid: session.aid,
      account: session.account,
      name: session.name,
      cid: claims.cid,
      role,
      operatorType: session.operator_type,
      priceLevel: priceLevelOf(session.operator_type),
      isPublisher: session.operator_type === 2,
      isSuperAdmin,
      ipAllowlist: session.ip_allowlist ?? [],
    };
  }

  async switchCompany(auth: AuthContext, cid: number, ip: string): Promise<IssuedToken & { cid: number }> {
    const companies = await repo.listCompaniesOfUser(this.db, auth.aid, auth.isSuperAdmin);
    const target = companies.find((c) => c.cid === cid);
    if (!target || !(auth.isSuperAdmin || CONSOLE_ROLES.includes(target.role as Role))) {
      throw forbidden(`You cannot work in company ${cid}`, 'COMPANY_FORBIDDEN');
    }
    if (!isIpAllowed(ipMatcher, target.ip_allowlist, ip)) throw ipNotAllowed(ip);
    const session = await repo.findSession(this.db, auth.aid, cid);
    if (!session) throw unauthenticated();
    await repo.setLastCompany(this.db, auth.aid, cid);
    return { ...(await this.issue(auth.aid, cid, session.session_version)), cid };
  }

  async userInfo(auth: AuthContext): Promise<UserInfo> {
    const [prefs, companies] = await Promise.all([
      repo.findPreferences(this.db, auth.aid, auth.cid),
      repo.listCompaniesOfUser(this.db, auth.aid, auth.isSuperAdmin),
    ]);
    const visible = companies.filter((c) => auth.isSuperAdmin || CONSOLE_ROLES.includes(c.role as Role));
    const language = prefs?.language === 'en' || prefs?.language === 'zh-CN' ? prefs.language : 'zh';
    return {
      account: auth.account,
      name: prefs?.name ?? auth.name,
      role: auth.role,
      cid: auth.cid,
      companyIds: visible.map((c) => c.cid),
      companies: visible.map((c) => ({
        cid: c.cid,
        name: c.name,
        operatorType: c.operator_type,
        priceLevel: priceLevelOf(c.operator_type),
        role: auth.isSuperAdmin ? 'admin' : (Role.safeParse(c.role).data ?? 'none'),
      })),
      groupName: prefs?.group_name ?? '',
      darkMode: prefs?.dark_mode === 1 ? 1 : 0,
      language,
      timeZone: companies.find((c) => c.cid === auth.cid)?.time_zone ?? 'UTC',
    };
  }

  /**
   * The logged-in user changes their own password. The current password is checked like a login (a
   * wrong one counts against the login limits, so a stolen token cannot guess it); the new one ends
   * every session of the user (session version), and the caller gets a fresh token for this one.
   */
  async changePassword(
    auth: AuthContext,
    body: { Password: string; NewPassword: string },
    ip: string,
  ): Promise<IssuedToken> {
    const problem = passwordAccountProblem(body.NewPassword, auth.account);
    if (problem) throw badRequest('NewPassword', problem);
    if (body.NewPassword === body.Password) {
      throw badRequest('NewPassword', 'must differ from the current password');
    }
    const user = await this.checkPassword(auth.account, body.Password, ip);
    if (!user || user.aid !== auth.aid) {
      throw badRequest('Password', 'is not your current password', 'WRONG_PASSWORD');
    }
    const passwordHash = await hashPassword(body.NewPassword);
    const sv = await this.db.tx(async (sql) => {
      await setPasswordAndEndSessions(sql, auth.aid, passwordHash);
      const session = await repo.findSession(sql, auth.aid, auth.cid);
      return session?.session_version;
    });
    if (sv === undefined) throw unauthenticated();
    return this.issue(auth.aid, auth.cid, sv);
  }

  updatePreferences(auth: AuthContext, prefs: { darkMode?: 0 | 1 | undefined; language?: string | undefined }) {
    return repo.updatePreferences(this.db, auth.aid, prefs);
  }

  private async issue(aid: number, cid: number, sv: number): Promise<IssuedToken> {
    const { token, expiresAt } = await this.tokens.sign({ aid, cid, sv });
    return { token, expired: expiresAt.toISOString() };
  }
}
