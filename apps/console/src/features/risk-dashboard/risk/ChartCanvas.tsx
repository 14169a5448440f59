import { theme } from 'antd';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws, so the rest of Chart.js is left out of the bundle.
Chart.register(BarController, BarElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartCanvasProps {
  config: ChartConfiguration<'bar'> | ChartConfiguration<'doughnut'>;
  height: number;
  /** What the chart shows, for screen readers (the numbers are also in the cards and tables). */
  label: string;
  testId?: string;
}

/**
 * A Chart.js chart that follows the theme: text, grid and tooltip colours come from Ant Design's
 * tokens, so the light and the dark theme each get readable charts. Data changes update the chart in
 * place (no flicker on live refreshes).
 */
export function ChartCanvas({ config, height, label, testId }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart>(undefined);
  const { token } = theme.useToken();

  useEffect(() => {
    if (!canvas.current) return;
    Chart.defaults.color = token.colorTextSecondary;
    Chart.defaults.borderColor = token.colorSplit;
    Chart.defaults.font.family = token.fontFamily;
    const themed = withTheme(config as ChartConfiguration, token);
    if (chart.current && (chart.current.config as ChartConfiguration).type === config.type) {
      chart.current.data = themed.data;
      chart.current.options = themed.options ?? {};
      chart.current.update();
      return;
    }
    chart.current?.destroy();
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
    <div style={{ position: 'relative', height, width: '100%' }} data-testid={testId}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

type Token = ReturnType<typeof theme.useToken>['token'];

function withTheme(config: ChartConfiguration, token: Token): ChartConfiguration {
  const options = (config.options ?? {}) as Record<string, unknown> & { plugins?: Record<string, unknown> };
  return {
    ...config,
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: { duration: 250 },
      ...options,
      plugins: {
        ...options.plugins,
        legend: {
          labels: { color: token.colorText, boxWidth: 12, font: { family: token.fontFamily } },
          ...(options.plugins?.legend as object | undefined),
        },
        tooltip: {
          backgroundColor: token.colorBgSpotlight,
          titleColor: token.colorTextLightSolid,
          bodyColor: token.colorTextLightSolid,
          ...(options.plugins?.tooltip as object | undefined),
        },
      },
    } as ChartConfiguration['options'],
  };
}
