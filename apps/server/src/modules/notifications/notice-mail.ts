import type { Language } from '@pitboss/contract';
import type { AlertNotice } from '../alerting/alert-notifier';
import type { MailPayload } from '../mail/enqueue-mail';
import { formatExpiry } from '../mail/mail-templates';

type Body = Omit<MailPayload, 'to'>;

export interface NoticeContext {
  language: Language;
  /** Product name (`PITBOSS_TITLE`). */
  product: string;
  company: string;
  timeZone: string;
  /** `PITBOSS_PUBLIC_URL` (or the server's own address), no trailing slash. */
  baseUrl: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const WORDS = {
  en: {
    level: 'Level',
    escalated: (from: number) => `escalated from level ${from}`,
    event: 'Event',
    type: 'Type',
    member: 'Member',
    members: 'Members',
    ip: 'IP',
    device: 'Device',
    game: 'Game',
    value: 'Measured value',
    threshold: 'threshold',
    window: 'Window',
    happened: 'Happened at',
    detected: 'Detected at',
    open: 'Open the alert',
    digestSubject: (n: number) => `${n} more alerts in the last minute`,
    digestIntro: (n: number) =>
      `You received the most alerts allowed per minute; these ${n} further alerts are summarised here.`,
  },
  zh: {
    level: '等級',
    escalated: (from: number) => `由等級 ${from} 升級`,
    event: '事件',
    type: '類型',
    member: '會員',
    members: '會員',
    ip: 'IP',
    device: '裝置',
    game: '遊戲',
    value: '量測值',
    threshold: '門檻',
    window: '區間',
    happened: '發生時間',
    detected: '偵測時間',
    open: '開啟警示',
    digestSubject: (n: number) => `最近一分鐘另有 ${n} 則警示`,
    digestIntro: (n: number) => `您已收到每分鐘上限數量的警示信，以下彙整其餘 ${n} 則警示。`,
  },
  'zh-CN': {
    level: '等级',
    escalated: (from: number) => `由等级 ${from} 升级`,
    event: '事件',
    type: '类型',
    member: '会员',
    members: '会员',
    ip: 'IP',
    device: '设备',
    game: '游戏',
    value: '测量值',
    threshold: '阈值',
    window: '区间',
    happened: '发生时间',
    detected: '检测时间',
    open: '打开告警',
    digestSubject: (n: number) => `最近一分钟另有 ${n} 条告警`,
    digestIntro: (n: number) => `您已收到每分钟上限数量的告警邮件，以下汇总其余 ${n} 条告警。`,
  },
} satisfies Record<Language, unknown>;

function subjectLabel(notice: AlertNotice, w: (typeof WORDS)[Language]): string {
  const label = { member: w.member, members: w.members, ip: w.ip, device: w.device, game: w.game }[notice.subject.kind];
  return `${label} ${notice.subject.id}`;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 10_000) / 10_000);
}

export function noticeLink(ctx: NoticeContext, notice: AlertNotice): string {
  return `${ctx.baseUrl}${notice.path}`;
}

/** One line per fact of the alert (level, event, member or game, value against threshold, times). */
function facts(ctx: NoticeContext, notice: AlertNotice): string[] {
  const w = WORDS[ctx.language];
  const at = (iso: string) => formatExpiry(new Date(iso), ctx.language, ctx.timeZone);
  const level = `${w.level}: ${notice.level}${notice.previousLevel ? ` (${w.escalated(notice.previousLevel)})` : ''}`;
  const value =
    `${w.value}: ${formatNumber(notice.value)}` +
    (notice.threshold === null ? '' : ` (${w.threshold} ${formatNumber(notice.threshold)})`);
  return [
    level,
    `${w.event}: ${notice.eventName} (#${notice.eventId})`,
    `${w.type}: ${notice.typeName}`,
    subjectLabel(notice, w),
    value,
    `${w.window}: ${at(notice.windowStart)} – ${at(notice.windowEnd)}`,
    `${w.happened}: ${at(notice.happenedAt)}`,
    `${w.detected}: ${at(notice.detectedAt)}`,
  ];
}

/** The mail of one alert at one level, in the recipient's language. */
export function alertMail(ctx: NoticeContext, notice: AlertNotice): Body {
  const w = WORDS[ctx.language];
  const subject = `[${ctx.product}] ${w.level} ${notice.level} · ${notice.eventName} · ${subjectLabel(notice, w)}`;
  const lines = facts(ctx, notice);
  const link = noticeLink(ctx, notice);
  const text = [`${ctx.company}`, ...lines, '', `${w.open}: ${link}`].join('\n');
  const html = [
    `<p>${escapeHtml(ctx.company)}</p>`,
    `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

/** One mail for the alerts held back by the per-recipient limit (oldest first). */
export function digestMail(ctx: NoticeContext, notices: readonly AlertNotice[]): Body {
  const w = WORDS[ctx.language];
  const subject = `[${ctx.product}] ${w.digestSubject(notices.length)}`;
  const items = notices.map((n) => ({
    line: `${w.level} ${n.level} · ${n.eventName} · ${subjectLabel(n, w)} · ${formatNumber(n.value)}${
      n.threshold === null ? '' : ` / ${formatNumber(n.threshold)}`
    }`,
    link: noticeLink(ctx, n),
  }));
  const text = [ctx.company, w.digestIntro(notices.length), '', ...items.map((i) => `- ${i.line}\n  ${i.link}`)].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(ctx.company)}</p>`,
    `<p>${escapeHtml(w.digestIntro(notices.length))}</p>`,
    `<ul>${items.map((i) => `<li><a href="${escapeHtml(i.link)}">${escapeHtml(i.line)}</a></li>`).join('')}</ul>`,
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
