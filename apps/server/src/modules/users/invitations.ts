import { type Language, REGISTER_ROUTE, type Role } from '@pitboss/contract';
import type { Config } from '../../config';
import type { Sql } from '../../db/database';
import type { CompanyRow } from '../companies/companies.repository';
import { enqueueMail } from '../mail/enqueue-mail';
import {
  formatExpiry,
  invitationMail,
  joinInvitationMail,
  type LinkMail,
  recipientNoticeMail,
} from '../mail/mail-templates';
import { publicLink } from '../mail/public-url';
import { INVITATION_TTL_MS, newRegistrationToken } from './invitation-token';
import type { NewRegistrationToken } from './invitations.repository';
import * as tokens from './invitations.repository';
import { languageOf } from './users.repository';

export interface InvitationContext {
  config: Config;
  company: CompanyRow;
  /** The inviting admin. */
  createdBy: number | null;
  language: Language;
}

export function asLanguage(value: string | undefined): Language {
  return value === 'en' || value === 'zh-CN' ? value : 'zh';
}

/**
 * An invitation issued: when its link expires, and the link itself when no mail server is configured
 * (the mail is then kept unsent, so the inviting admin must pass the link on).
 */
export interface IssuedInvitation {
  expiresAt: Date;
  unsentLink: string | null;
}

/**
 * Issues a single-use registration token of the company and queues the mail that carries its link,
 * both in the caller's transaction.
 */
async function sendInvitation(
  sql: Sql,
  ctx: InvitationContext,
  token: Omit<NewRegistrationToken, 'cid' | 'tokenHash' | 'expiresAt' | 'createdBy'>,
  to: string,
  compose: (link: LinkMail) => ReturnType<typeof invitationMail>,
): Promise<IssuedInvitation> {
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const issued = newRegistrationToken(ctx.company.cid);
  await tokens.insertToken(sql, {
    ...token,
    cid: ctx.company.cid,
    tokenHash: issued.hash,
    expiresAt,
    createdBy: ctx.createdBy,
  });
  const link = publicLink(ctx.config, REGISTER_ROUTE, issued.token);
  const mail = compose({
    language: ctx.language,
    product: ctx.config.title,
    company: ctx.company.name,
    link,
    expires: formatExpiry(expiresAt, ctx.language, ctx.company.time_zone),
  });
  await enqueueMail(sql, { cid: ctx.company.cid, to, ...mail });
  return { expiresAt, unsentLink: ctx.config.smtpUrl ? null : link };
}

/** Invites a user who exists in the company but has no password yet; their earlier invitations stop working. */
export async function inviteUser(
  sql: Sql,
  ctx: InvitationContext,
  user: { aid: number; account: string; mail: string; role: Role },
): Promise<IssuedInvitation> {
  await tokens.revokeUserTokens(sql, ctx.company.cid, user.aid);
  return sendInvitation(sql, ctx, { kind: 'user', aid: user.aid, role: user.role }, user.mail, (link) =>
    invitationMail({ ...link, account: user.account }),
  );
}

/** Invites an address to join the company, with a new account or one they already have. */
export function inviteAddress(
  sql: Sql,
  ctx: InvitationContext,
  invite: { mail: string; role: Role; groupId: number | null },
): Promise<IssuedInvitation> {
  return sendInvitation(
    sql,
    ctx,
    { kind: 'mail', mail: invite.mail, role: invite.role, groupId: invite.groupId },
    invite.mail,
    joinInvitationMail,
  );
}

/** Tells a notification-only (Mail) user that they will receive the company's notifications. */
export async function noticeRecipient(sql: Sql, ctx: InvitationContext, mail: string): Promise<void> {
  await enqueueMail(sql, {
    cid: ctx.company.cid,
    to: mail,
    ...recipientNoticeMail({ language: ctx.language, product: ctx.config.title, company: ctx.company.name }),
  });
}

/**
 * The first administrator of a new company (company administration): an invitation to join as admin,
 * mailed in the language of the one who created the company (zh for the command line).
 */
export async function inviteFirstAdmin(
  sql: Sql,
  config: Config,
  company: CompanyRow,
  invite: { mail: string; createdBy: number | null },
): Promise<IssuedInvitation> {
  const language = asLanguage(invite.createdBy === null ? undefined : await languageOf(sql, invite.createdBy));
  return inviteAddress(
    sql,
    { config, company, createdBy: invite.createdBy, language },
    { mail: invite.mail, role: 'admin', groupId: null },
  );
}
