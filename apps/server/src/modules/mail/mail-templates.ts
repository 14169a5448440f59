import type { Language } from '@pitboss/contract';
import type { MailPayload } from './enqueue-mail';

type Body = Omit<MailPayload, 'to'>;

export interface LinkMail {
  language: Language;
  /** Product name (`PITBOSS_TITLE`). */
  product: string;
  company: string;
  link: string;
  /** When the link stops working, already formatted for the reader. */
  expires: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text plus a minimal HTML part with the same paragraphs and one button-like link. */
function compose(subject: string, paragraphs: string[], link: { label: string; href: string } | undefined): Body {
  const text = [...paragraphs.slice(0, 1), ...(link ? [link.href] : []), ...paragraphs.slice(1)].join('\n\n');
  const html = [
    ...paragraphs.slice(0, 1).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

export function formatExpiry(at: Date, language: Language, timeZone: string): string {
  const locale = language === 'en' ? 'en-GB' : language === 'zh-CN' ? 'zh-CN' : 'zh-TW';
  try {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return at.toISOString();
  }
}

/** To an invited user (created by an admin without a password): set a password. */
export function invitationMail(m: LinkMail & { account: string }): Body {
  const t = {
    en: [
      `You are invited to ${m.company} on ${m.product}`,
      `You have been given the account "${m.account}" at ${m.company} on ${m.product}. Open this link to set your password:`,
      `The link works once and expires on ${m.expires}. If you did not expect this mail, ignore it.`,
      'Set my password',
    ],
    zh: [
      `邀請您使用 ${m.company} 的 ${m.product}`,
      `您已獲得 ${m.company} 在 ${m.product} 的帳號「${m.account}」。請開啟下列連結設定密碼：`,
      `連結僅能使用一次，將於 ${m.expires} 失效。若您未預期收到此信，請忽略。`,
      '設定密碼',
    ],
    'zh-CN': [
      `邀请您使用 ${m.company} 的 ${m.product}`,
      `您已获得 ${m.company} 在 ${m.product} 的账号「${m.account}」。请打开下列链接设置密码：`,
      `链接仅能使用一次，将于 ${m.expires} 失效。若您未预期收到此邮件，请忽略。`,
      '设置密码',
    ],
  }[m.language];
  return compose(t[0] as string, [t[1] as string, t[2] as string], { label: t[3] as string, href: m.link });
}

/** To an invited address or a link holder: create an account, or join with an existing one. */
export function joinInvitationMail(m: LinkMail): Body {
  const t = {
    en: [
      `You are invited to join ${m.company} on ${m.product}`,
      `You are invited to join ${m.company} on ${m.product}. Open this link to create an account, or to add ${m.company} to the account you already have:`,
      `The link works once and expires on ${m.expires}. If you did not expect this mail, ignore it.`,
      'Accept the invitation',
    ],
    zh: [
      `邀請您加入 ${m.company} 的 ${m.product}`,
      `邀請您加入 ${m.company} 的 ${m.product}。請開啟下列連結建立帳號，或將 ${m.company} 加入您既有的帳號：`,
      `連結僅能使用一次，將於 ${m.expires} 失效。若您未預期收到此信，請忽略。`,
      '接受邀請',
    ],
    'zh-CN': [
      `邀请您加入 ${m.company} 的 ${m.product}`,
      `邀请您加入 ${m.company} 的 ${m.product}。请打开下列链接创建账号，或将 ${m.company} 加入您已有的账号：`,
      `链接仅能使用一次，将于 ${m.expires} 失效。若您未预期收到此邮件，请忽略。`,
      '接受邀请',
    ],
  }[m.language];
  return compose(t[0] as string, [t[1] as string, t[2] as string], { label: t[3] as string, href: m.link });
}

/** To a notification-only (Mail) user: they will receive alerts, and cannot log in. */
export function recipientNoticeMail(m: { language: Language; product: string; company: string }): Body {
  const t = {
    en: [
      `You will receive notifications from ${m.company} on ${m.product}`,
      `${m.company} added this address as a notification recipient on ${m.product}. You will receive its risk alerts and reports by mail.`,
    ],
    zh: [
      `您將收到 ${m.company} 的 ${m.product} 通知`,
      `${m.company} 已將此信箱設為 ${m.product} 的通知收件人，您將以郵件收到其風控警示與報表。`,
    ],
    'zh-CN': [
      `您将收到 ${m.company} 的 ${m.product} 通知`,
      `${m.company} 已将此邮箱设为 ${m.product} 的通知收件人，您将通过邮件收到其风控警示与报表。`,
    ],
  }[m.language];
  return compose(t[0] as string, [t[1] as string], undefined);
}

export function resetPasswordMail(m: Omit<LinkMail, 'company'> & { account: string }): Body {
  const t = {
    en: [
      `Reset your ${m.product} password`,
      `Someone asked to reset the password of the account "${m.account}" on ${m.product}. Open this link to choose a new one:`,
      `The link works once and expires on ${m.expires}. Every session of the account ends when the password changes. If you did not ask for this, ignore this mail: your password stays as it is.`,
      'Choose a new password',
    ],
    zh: [
      `重設您的 ${m.product} 密碼`,
      `有人申請重設 ${m.product} 帳號「${m.account}」的密碼。請開啟下列連結設定新密碼：`,
      `連結僅能使用一次，將於 ${m.expires} 失效。密碼變更後，此帳號的所有登入將失效。若非您本人申請，請忽略此信，密碼不會變更。`,
      '設定新密碼',
    ],
    'zh-CN': [
      `重置您的 ${m.product} 密码`,
      `有人申请重置 ${m.product} 账号「${m.account}」的密码。请打开下列链接设置新密码：`,
      `链接仅能使用一次，将于 ${m.expires} 失效。密码变更后，此账号的所有登录将失效。若非您本人申请，请忽略此邮件，密码不会变更。`,
      '设置新密码',
    ],
  }[m.language];
  return compose(t[0] as string, [t[1] as string, t[2] as string], { label: t[3] as string, href: m.link });
}
