import type { GameRtpAlertDetail } from '@pitboss/contract';
import { theme } from 'antd';
import {
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { formatDateTime } from '../../../lib/format';
import { LEVEL_COLORS } from '../../player-alerts/labels';

// Only what this chart draws, so the rest of Chart.js stays out of the bundle (it lives in this screen's chunk).
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip, Legend);

export interface RtpChartLabels {
  observed: string;
  expected: string;
  bandLow: string;
  bandHigh: string;
  /** What the chart shows, for screen readers. */
  label: string;
}

/**
 * What the chart draws: observed RTP per point (fractions) against the expectation and a band, either
 * flat (an alert's band) or one value per point (a confidence band per bucket).
 */
export interface RtpChartInput {
  points: { At: string; ObservedRTP: number | null }[];
  expected: number | null;
  bandLow: number | (number | null)[];
  bandHigh: number | (number | null)[];
  color: string;
}

/** An alert's chart: its cumulative RTP over the window against the level's band. */
export function alertChartInput(alert: GameRtpAlertDetail): RtpChartInput {
  return {
    points: alert.Series,
    expected: alert.ExpectedRTP,
    bandLow: alert.BandLow,
    bandHigh: alert.BandHigh,
    color: LEVEL_COLORS[alert.Level],
  };
}

/** The chart's data: observed RTP (percent) per point, against the expectation and the band. */
export function rtpChartConfig(
  input: RtpChartInput | GameRtpAlertDetail,
  labels: RtpChartLabels,
): ChartConfiguration<'line'> {
  const chart = 'Series' in input ? alertChartInput(input) : input;
  const pct = (fraction: number | null | undefined) =>
    fraction === null || fraction === undefined ? null : Math.round(fraction * 1e6) / 1e4;
  const points = chart.points;
  const line = (value: number | null | (number | null)[]) =>
    Array.isArray(value) ? value.map(pct) : points.map(() => pct(value));
  return {
    type: 'line',
    data: {
      labels: points.map((p) => (p.At.length === 10 ? p.At : formatDateTime(p.At))),
      datasets: [
        {
          label: labels.observed,
          data: points.map((p) => pct(p.ObservedRTP)),
          borderColor: chart.color,
          backgroundColor: chart.color,
          pointRadius: points.length > 48 ? 0 : 2,
          borderWidth: 2,
          spanGaps: true,
        },
        {
          label: labels.expected,
          data: line(chart.expected),
          borderColor: '#52c41a',
          borderDash: [6, 4],
          pointRadius: 0,
          borderWidth: 1.5,
        },
        {
          label: labels.bandHigh,
          data: line(chart.bandHigh),
          borderColor: 'rgba(250, 140, 22, 0.8)',
          borderDash: [2, 3],
          pointRadius: 0,
          borderWidth: 1,
          fill: '+1',
          backgroundColor: 'rgba(82, 196, 26, 0.08)',
          spanGaps: true,
        },
        {
          label: labels.bandLow,
          data: line(chart.bandLow),
          borderColor: 'rgba(250, 140, 22, 0.8)',
          borderDash: [2, 3],
          pointRadius: 0,
          borderWidth: 1,
          spanGaps: true,
        },
      ],
    },
    options: {
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 24 }, grid: { display: false } },
        y: { ticks: { callback: (value) => `${value} %` } },
      },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/**
 * The game's RTP over the alert's window against the band, on a canvas that follows the theme (text,
 * grid and tooltip colours from Ant Design's tokens) and updates in place.
 */
export function RtpChart({
  alert,
  labels,
  height = 260,
}: {
  /** An alert (its window against its band), or any series with its band. */
  alert: GameRtpAlertDetail | RtpChartInput;
  labels: RtpChartLabels;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line'>>(undefined);
  const { token } = theme.useToken();
  const config = useMemo(() => rtpChartConfig(alert, labels), [alert, labels]);

  useEffect(() => {
    if (!canvas.current) return;
    const themed: ChartConfiguration<'line'> = {
      ...config,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 250 },
        color: token.colorTextSecondary,
        borderColor: token.colorSplit,
        ...config.options,
        scales: {
          x: {
            ...config.options?.scales?.x,
            ticks: { ...config.options?.scales?.x?.ticks, color: token.colorTextSecondary },
          },
          y: {
            ...config.options?.scales?.y,
            ticks: { ...config.options?.scales?.y?.ticks, color: token.colorTextSecondary },
            grid: { color: token.colorSplit },
          },
        },
        plugins: {
          ...config.options?.plugins,
          legend: { position: 'bottom', labels: { color: token.colorText, boxWidth: 12 } },
          tooltip: {
            backgroundColor: token.colorBgSpotlight,
            titleColor: token.colorTextLightSolid,
            bodyColor: token.colorTextLightSolid,
          },
        },
      },
    };
    if (chart.current) {
      chart.current.data = themed.data;
      chart.current.options = themed.options ?? {};
      chart.current.update();
      return;
    }
    chart.current = new Chart(canvas.current, themed);
  }, [config, token]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = undefined;
    },
    [],
  );

  return (
    <div style={{ position: 'relative', height, width: '100%' }} data-testid="rtp-chart">
      <canvas ref={canvas} role="img" aria-label={labels.label} />
    </div>
  );
}
