/** Formatting of the game RTP search's figures (pure). */

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

export const fmtMoney = (v: number | null | undefined) => (v === null || v === undefined ? '—' : money.format(v));
export const fmtCount = (v: number | null | undefined) => (v === null || v === undefined ? '—' : count.format(v));
/** An RTP fraction as a percentage with two decimals: 0.9612 → "96.12 %". */
export const fmtRtp = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(2)} %`;
/** RTP points with a sign: 1.5 → "+1.50". */
export const fmtPoints = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
export const fmtZ = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));
/** The band around the observed RTP: "94.10 – 98.30 %". */
export const fmtBand = (low: number | null | undefined, high: number | null | undefined) =>
  low === null || low === undefined || high === null || high === undefined
    ? '—'
    : `${(low * 100).toFixed(2)} – ${(high * 100).toFixed(2)} %`;

/** A comma-separated URL value as a list; the list back as the URL value. */
export const splitList = (value: string | undefined) => (value ?? '').split(',').filter(Boolean);
export const joinList = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value ?? ''));

/** The confidences the search offers for its band. */
export const SEARCH_CONFIDENCES = [0.9, 0.95, 0.99, 0.999] as const;
