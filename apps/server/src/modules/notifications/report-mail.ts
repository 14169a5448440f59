import { ALERT_TYPE_NAMES, type Language, type ReportFrequency } from '@pitboss/contract';
import type { MailPayload } from '../mail/enqueue-mail';
import { formatExpiry } from '../mail/mail-templates';
import { localDate } from './report-schedule';
import type { ReportFigures } from './subscriptions.repository';

type Body = Omit<MailPayload, 'to'>;

export interface ReportContext {
  language: Language;
  product: string;
  company: string;
  timeZone: string;
  baseUrl: string;
  name: string;
  frequency: ReportFrequency;
  periodStart: Date;
  periodEnd: Date;
}

const WORDS = {
  en: {
    kind: { daily: 'Daily risk report', weekly: 'Weekly risk report', monthly: 'Monthly risk report' },
    period: 'Period',
    alerts: 'Player alerts by type and level',
    total: 'Total alerts',
    level: 'Level',
    none: 'none',
    gameAlerts: 'Game RTP alerts',
    laundering: 'Opposing-bet alerts',
    topMembers: 'Top members by alerts',
    alertsOf: (n: number, level: number) => `${n} ${n === 1 ? 'alert' : 'alerts'}, highest level ${level}`,
    offRtp: 'Games off their RTP',
    observed: 'observed',
    expected: 'expected',
    turnover: 'Turnover',
    ggr: 'GGR',
    bets: 'Bets',
    open: 'Open the console',
  },
  zh: {
    kind: { daily: '每日風控報表', weekly: '每週風控報表', monthly: '每月風控報表' },
    period: '期間',
    alerts: '會員警示（依類型與等級）',
    total: '警示總數',
    level: '等級',
    none: '無',
    gameAlerts: '遊戲 RTP 警示',
    laundering: '對打警示',
    topMembers: '警示最多的會員',
    alertsOf: (n: number, level: number) => `${n} 則警示，最高等級 ${level}`,
    offRtp: '偏離 RTP 的遊戲',
    observed: '實際',
    expected: '預期',
    turnover: '投注額',
    ggr: '營收 (GGR)',
    bets: '注數',
    open: '開啟主控台',
  },
  'zh-CN': {
    kind: { daily: '每日风控报表', weekly: '每周风控报表', monthly: '每月风控报表' },
    period: '期间',
    alerts: '会员告警（按类型与等级）',
    total: '告警总数',
    level: '等级',
    none: '无',
    gameAlerts: '游戏 RTP 告警',
    laundering: '对打告警',
    topMembers: '告警最多的会员',
    alertsOf: (n: number, level: number) => `${n} 条告警，最高等级 ${level}`,
    offRtp: '偏离 RTP 的游戏',
    observed: '实际',
    expected: '预期',
    turnover: '投注额',
    ggr: '营收 (GGR)',
    bets: '注数',
    open: '打开控制台',
  },
} satisfies Record<Language, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

function percent(value: number): string {
  return `${(Math.round(value * 10_000) / 100).toFixed(2)}%`;
}

/** The report mail: sections of lines, the same in text and HTML, times in the company's zone. */
export function reportMail(ctx: ReportContext, figures: ReportFigures): Body {
  const w = WORDS[ctx.language];
  const at = (d: Date) => formatExpiry(d, ctx.language, ctx.timeZone);
  const first = localDate(ctx.timeZone, ctx.periodStart);
  const last = localDate(ctx.timeZone, new Date(ctx.periodEnd.getTime() - 1));
  const dates = first === last ? first : `${first} – ${last}`;
  const subject = `[${ctx.product}] ${w.kind[ctx.frequency]} · ${ctx.company} · ${dates}`;
  const total = figures.byTypeAndLevel.reduce((n, r) => n + r.count, 0);
  const levels = (rows: { level: number; count: number }[]) =>
    rows.length === 0 ? [w.none] : rows.map((r) => `${w.level} ${r.level}: ${r.count}`);
  const sections: [string, string[]][] = [
    [`${w.period}`, [`${at(ctx.periodStart)} – ${at(ctx.periodEnd)}`]],
    [
      w.alerts,
      [
        `${w.total}: ${total}`,
        ...figures.byTypeAndLevel.map(
          (r) =>
            `${ALERT_TYPE_NAMES[r.event_type as keyof typeof ALERT_TYPE_NAMES] ?? `#${r.event_type}`} · ${w.level} ${r.level}: ${r.count}`,
        ),
      ],
    ],
    [w.gameAlerts, levels(figures.gameAlerts)],
    [w.laundering, levels(figures.launderingAlerts)],
    [
      w.topMembers,
      figures.topMembers.length === 0
        ? [w.none]
        : figures.topMembers.map((m) => `${m.member_id}: ${w.alertsOf(m.count, m.max_level)}`),
    ],
    [
      w.offRtp,
      figures.offRtpGames.length === 0
        ? [w.none]
        : figures.offRtpGames.map(
            (g) =>
              `${g.game_id} (${g.event_name}, ${w.level} ${g.level}): ${w.observed} ${percent(g.observed)}, ${w.expected} ${percent(g.expected)}`,
          ),
    ],
    [
      `${w.turnover} / ${w.ggr}`,
      [
        `${w.bets}: ${figures.totals.bets}`,
        `${w.turnover}: ${money(figures.totals.turnover)}`,
        `${w.ggr}: ${money(figures.totals.turnover - figures.totals.payout)}`,
      ],
    ],
  ];
  const link = `${ctx.baseUrl}/dashboard`;
  const text = [
    `${ctx.company} · ${ctx.name}`,
    '',
    ...sections.flatMap(([title, lines]) => [title, ...lines.map((l) => `- ${l}`), '']),
    `${w.open}: ${link}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(`${ctx.company} · ${ctx.name}`)}</p>`,
    ...sections.map(
      ([title, lines]) =>
        `<h3>${escapeHtml(title)}</h3><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
