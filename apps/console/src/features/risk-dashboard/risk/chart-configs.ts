import type { AlertType, Level, RiskDashboard } from '@pitboss/contract';
import type { ChartConfiguration } from 'chart.js';
import type { TFunction } from 'i18next';
import { LEVEL_COLORS, TYPE_COLORS } from '../../player-alerts/labels';
import { bucketLabel, trendSeries } from './trend-series';

export interface AxisColors {
  text: string;
  grid: string;
}

const axes = (colors: AxisColors, stacked: boolean) => ({
  x: {
    stacked,
    ticks: { color: colors.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 16 },
    grid: { color: colors.grid, display: false },
  },
  y: { stacked, beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
});

/** Alerts per bucket, stacked by type. */
export function trendConfig(
  data: RiskDashboard,
  t: TFunction<'alerting'>,
  colors: AxisColors,
): ChartConfiguration<'bar'> {
  const series = trendSeries(data.Trend, data.Bucket);
  return {
    type: 'bar',
    data: {
      labels: series.buckets.map((b) => bucketLabel(b, data.Bucket)),
      datasets: series.byType.map(({ type, counts }) => ({
        label: t(`types.${type}`),
        data: counts,
        backgroundColor: TYPE_COLORS[type],
        borderRadius: 2,
        maxBarThickness: 28,
      })),
    },
    options: { scales: axes(colors, true), plugins: { legend: { position: 'bottom' } } },
  };
}

/** Alerts per type (horizontal bars, one colour per type). */
export function byTypeConfig(
  data: RiskDashboard,
  t: TFunction<'alerting'>,
  colors: AxisColors,
): ChartConfiguration<'bar'> {
  const rows = [...data.ByType].sort((a, b) => a.EventType - b.EventType);
  return {
    type: 'bar',
    data: {
      labels: rows.map((r) => t(`types.${r.EventType}`)),
      datasets: [
        {
          label: t('risk-dashboard:alerts'),
          data: rows.map((r) => r.Count),
          backgroundColor: rows.map((r) => TYPE_COLORS[r.EventType as AlertType]),
          borderRadius: 3,
          maxBarThickness: 22,
        },
      ],
    },
    options: {
      indexAxis: 'y',
      scales: {
        x: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
        y: { ticks: { color: colors.text }, grid: { display: false } },
      },
      plugins: { legend: { display: false } },
    },
  };
}

/** Alerts per level as a doughnut in the level colours. */
export function byLevelConfig(
  data: RiskDashboard,
  t: TFunction<'alerting'>,
  border: string,
): ChartConfiguration<'doughnut'> {
  const rows = [...data.ByLevel].sort((a, b) => a.Level - b.Level);
  return {
    type: 'doughnut',
    data: {
      labels: rows.map((r) => t(`levels.${r.Level}`)),
      datasets: [
        {
          data: rows.map((r) => r.Count),
          backgroundColor: rows.map((r) => LEVEL_COLORS[r.Level as Level]),
          borderColor: border,
          borderWidth: 2,
        },
      ],
    },
    options: { cutout: '62%', plugins: { legend: { position: 'bottom' } } },
  };
}
