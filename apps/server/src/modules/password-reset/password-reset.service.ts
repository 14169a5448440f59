import { passwordAccountProblem, RESET_PASSWORD_ROUTE, RESET_TOKEN_TTL_MINUTES, USER_STATUS } from '@pitboss/contract';
import type { Config } from '../../config';
import type { Database, Sql } from '../../db/database';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, randomToken } from '../../lib/secure-token';
import { hashPassword } from '../auth/password';
import { findCompany } from '../companies/companies.repository';
import { enqueueMail } from '../mail/enqueue-mail';
import { formatExpiry, resetPasswordMail } from '../mail/mail-templates';
import { publicLink } from '../mail/public-url';
import type { OutboxWorker } from '../outbox/outbox.worker';
import { asLanguage } from '../users/invitations';
import * as repo from './password-reset.repository';

const MINUTE = 60_000;

const invalidToken = () =>
  new AppError(
    400,
    'RESET_TOKEN_INVALID',
    'This password-reset link is not valid, was already used or has expired; ask for a new one',
  );

/**
 * Password reset by mail. Requests answer the same whether or not an account matches; links are
 * single-use and expire; a reset ends every session of the account.
 */
export class PasswordResetService {
  private readonly mailsPerIp = new RateLimiter(10, 15 * MINUTE);
  private readonly mailsPerAccount = new RateLimiter(3, 60 * MINUTE);
  private readonly lookups = new RateLimiter(30, 15 * MINUTE);
  private readonly resets = new RateLimiter(20, 15 * MINUTE);

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly outbox: Pick<OutboxWorker, 'wake'>,
  ) {}

  async sendResetMail(by: { Mail?: string | undefined; Account?: string | undefined }, ip: string): Promise<void> {
    // The same limits for known and unknown addresses, so a 429 tells nothing about the account.
    const ipWait = this.mailsPerIp.take(`ip:${ip}`);
    if (ipWait > 0) throw tooManyRequests(ipWait, 'Too many reset requests');
    const key = `id:${(by.Mail ?? by.Account ?? '').toLowerCase()}`;
    const idWait = this.mailsPerAccount.take(key);
    if (idWait > 0) throw tooManyRequests(idWait, 'Too many reset requests for this account');
    const queued = await this.db.tx(async (sql) => {
      const user = await repo.findResetTarget(sql, { mail: by.Mail, account: by.Account });
      const mailable = user?.mail && user.status !== USER_STATUS.disabled && user.cid !== null;
      if (!user || !mailable) return false;
      await this.issue(sql, user, user.cid as number, ip);
      return true;
    });
    if (queued) this.outbox.wake();
  }

  /**
   * An admin starts a reset for a user of their company. The link is mailed when the user has an
   * address; it is answered to the admin when it cannot be mailed (no mail server configured, or no
   * address), so the admin can pass it on.
   */
  async issueForUser(
    cid: number,
    aid: number,
    ip: string,
  ): Promise<{ expiresAt: Date; mailSent: boolean; link: string | null }> {
    const answer = await this.db.tx(async (sql) => {
      const user = await repo.findCompanyResetTarget(sql, cid, aid);
      if (!user) throw notFound('User');
      if (user.status === USER_STATUS.disabled || user.member_status === USER_STATUS.disabled) {
        throw new AppError(409, 'USER_DISABLED', `${user.account} is disabled: enable the user first`);
      }
      if (!user.has_password) {
        throw new AppError(409, 'USER_NOT_REGISTERED', `${user.account} has not registered yet: send a new invitation`);
      }
      const { link, expiresAt } = await this.issue(sql, user, cid, ip);
      const mailSent = Boolean(user.mail && this.config.smtpUrl);
      return { expiresAt, mailSent, link: mailSent ? null : link };
    });
    this.outbox.wake();
    return answer;
  }

  /** A new single-use reset token for the user, its mail queued when the user has an address. */
  private async issue(
    sql: Sql,
    user: repo.ResetTargetRow,
    cid: number,
    ip: string,
  ): Promise<{ link: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * MINUTE);
    await repo.insertResetToken(sql, { aid: user.aid, tokenHash: hashToken(token), expiresAt, ip });
    const link = publicLink(this.config, RESET_PASSWORD_ROUTE, token);
    if (user.mail) {
      const company = await findCompany(sql, cid);
      const language = asLanguage(user.language);
      await enqueueMail(sql, {
        cid,
        to: user.mail,
        ...resetPasswordMail({
          language,
          product: this.config.title,
          account: user.account,
          link,
          expires: formatExpiry(expiresAt, language, company?.time_zone ?? 'UTC'),
        }),
      });
    }
    return { link, expiresAt };
  }

  /** The account of a reset link, for its page; only with the link's token and the account's own mail. */
  async accountByEmail(token: string | undefined, mail: string, ip: string) {
    const wait = this.lookups.take(`ip:${ip}`, `mail:${mail.toLowerCase()}`);
    if (wait > 0) throw tooManyRequests(wait);
    const row = token ? await repo.findResetToken(this.db, hashToken(token)) : undefined;
    if (!row?.usable || row.mail?.toLowerCase() !== mail.toLowerCase()) throw invalidToken();
    return { Account: row.account, Name: row.name };
  }

  async resetPassword(token: string, password: string, ip: string): Promise<{ account: string }> {
    const wait = this.resets.take(`ip:${ip}`);
    if (wait > 0) throw tooManyRequests(wait);
    const preview = await repo.findResetToken(this.db, hashToken(token));
    if (!preview?.usable) throw invalidToken();
    const problem = passwordAccountProblem(password, preview.account);
    if (problem) throw badRequest('Password', problem);
    const passwordHash = await hashPassword(password);
    return this.db.tx(async (sql) => {
      const row = await repo.findResetToken(sql, hashToken(token), true);
      if (!row?.usable) throw invalidToken();
      await repo.replacePassword(sql, row.aid, passwordHash);
      await repo.voidResetTokens(sql, row.aid);
      return { account: row.account };
    });
  }
}
