import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { DashboardFigures } from '../../../shared/generated/dashboard-figures';

// Only the series and parts the dashboards draw: the dashboard's chunk stays out of the first load (STACK.md).
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, SVGRenderer]);

const BAR = '#1677ff';

/** The chart options of a widget: a line over the periods of a trend, bars otherwise (horizontal, largest on top, for a top list). */
function optionOf(figures: DashboardFigures, labelOf: (row: DashboardFigures['rows'][number]) => string): echarts.EChartsCoreOption {
  const labels = figures.rows.map(labelOf);
  const values = figures.rows.map((row) => row.value);
  const axisLabel = { color: '#434343', hideOverlap: true };
  if (figures.kind === 'top') {
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', axisLabel },
      yAxis: { type: 'category', data: [...labels].reverse(), axisLabel: { ...axisLabel, width: 120, overflow: 'truncate' } },
      series: [{ type: 'bar', data: [...values].reverse(), itemStyle: { color: BAR } }],
    };
  }
  // A week reads as its first day without the year on the axis (09-07, not "2026-09-07 起的一周", which crowded
  // a quarter's twelve weeks into a slanted wall); the tooltip, the table and the download keep the whole label.
  const trend = figures.kind === 'trend';
  const axisData = trend ? figures.rows.map((row) => row.label.replace(/^\d{4}-(\d{2}-\d{2})$/, '$1')) : labels;
  const tooltip = trend
    ? {
        trigger: 'axis',
        formatter: (params: unknown) => {
          const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
          const index = first?.dataIndex ?? 0;
          return `${labels[index] ?? ''}: ${values[index] ?? ''}`;
        },
      }
    : { trigger: 'axis' };
  return {
    tooltip,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: axisData, axisLabel: { ...axisLabel, rotate: axisData.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', axisLabel },
    series: [
      figures.kind === 'trend'
        ? { type: 'line', data: values, smooth: false, itemStyle: { color: BAR } }
        : { type: 'bar', data: values, itemStyle: { color: BAR } },
    ],
  };
}

/**
 * A widget's figures drawn by ECharts (SVG). To assistive technology the chart is one image whose name
 * reads every figure (`summary`); the same figures are a table one switch away, and a download.
 */
export function WidgetChart({
  figures,
  summary,
  labelOf,
}: {
  figures: DashboardFigures;
  summary: string;
  labelOf: (row: DashboardFigures['rows'][number]) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>();

  useEffect(() => {
    if (!host.current) return undefined;
    const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = (): void => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(optionOf(figures, labelOf), true);
  }, [figures, labelOf]);

  const height = figures.kind === 'top' ? Math.max(160, figures.rows.length * 28 + 24) : 240;
  return <div ref={host} className="kc-dashboard-chart" role="img" aria-label={summary} style={{ width: '100%', height }} />;
}
