import { type Language, REGISTER_ROUTE, type Role } from '@pitboss/contract';
import type { Config } from '../../config';
import type { Sql } from '../../db/database';
import { enqueueMail } from '../mail/enqueue-mail';
import { formatExpiry, invitationMail, joinInvitationMail, recipientNoticeMail } from '../mail/mail-templates';
import { publicLink } from '../mail/public-url';
import * as tokens from '../registration/registration.repository';
import { INVITATION_TTL_MS, newRegistrationToken } from '../registration/registration-token';
import type { CompanyRow } from './users.repository';

export interface InvitationContext {
  config: Config;
  company: CompanyRow;
  /** The inviting admin. */
  createdBy: number;
  language: Language;
}

export function asLanguage(value: string | undefined): Language {
  return value === 'en' || value === 'zh-CN' ? value : 'zh';
}

/**
 * Invites a user who exists in the company but has no password yet: revokes their earlier
 * invitations, issues a single-use token and queues the mail, all in the caller's transaction.
 */
export async function inviteUser(
  sql: Sql,
  ctx: InvitationContext,
  user: { aid: number; account: string; mail: string; role: Role },
): Promise<Date> {
  await tokens.revokeUserTokens(sql, ctx.company.cid, user.aid);
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const { token, hash } = newRegistrationToken(ctx.company.cid);
  await tokens.insertToken(sql, {
    cid: ctx.company.cid,
    tokenHash: hash,
    kind: 'user',
    aid: user.aid,
    role: user.role,
    expiresAt,
    createdBy: ctx.createdBy,
  });
  await enqueueMail(sql, {
    cid: ctx.company.cid,
    to: user.mail,
    ...invitationMail({
      language: ctx.language,
      product: ctx.config.title,
      company: ctx.company.name,
      account: user.account,
      link: publicLink(ctx.config, REGISTER_ROUTE, token),
      expires: formatExpiry(expiresAt, ctx.language, ctx.company.time_zone),
    }),
  });
  return expiresAt;
}

/** Invites an address to join the company, with a new account or one they already have. */
export async function inviteAddress(
  sql: Sql,
  ctx: InvitationContext,
  invite: { mail: string; role: Role; groupId: number | null },
): Promise<Date> {
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const { token, hash } = newRegistrationToken(ctx.company.cid);
  await tokens.insertToken(sql, {
    cid: ctx.company.cid,
    tokenHash: hash,
    kind: 'mail',
    mail: invite.mail,
    role: invite.role,
    groupId: invite.groupId,
    expiresAt,
    createdBy: ctx.createdBy,
  });
  await enqueueMail(sql, {
    cid: ctx.company.cid,
    to: invite.mail,
    ...joinInvitationMail({
      language: ctx.language,
      product: ctx.config.title,
      company: ctx.company.name,
      link: publicLink(ctx.config, REGISTER_ROUTE, token),
      expires: formatExpiry(expiresAt, ctx.language, ctx.company.time_zone),
    }),
  });
  return expiresAt;
}

/** Tells a notification-only (Mail) user that they will receive the company's notifications. */
export async function noticeRecipient(sql: Sql, ctx: InvitationContext, mail: string): Promise<void> {
  await enqueueMail(sql, {
    cid: ctx.company.cid,
    to: mail,
    ...recipientNoticeMail({ language: ctx.language, product: ctx.config.title, company: ctx.company.name }),
  });
}
