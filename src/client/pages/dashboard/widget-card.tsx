import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Space, Statistic, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { figuresCsv } from '../../../shared/dashboard/figures-csv';
import type { DashboardFigures } from '../../../shared/generated/dashboard-figures';
import type { DashboardTexts } from './dashboard-texts';
import { WidgetChart } from './widget-chart';

type Row = DashboardFigures['rows'][number];

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name}.csv`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

/** One widget: a counter's figure, or a chart with a switch to the same figures as a table, and the figures' download. */
export function WidgetCard({ figures, texts }: { figures: DashboardFigures; texts: DashboardTexts }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const labelOf = useCallback(
    (row: Row) => (figures.kind === 'trend' && figures.period === 'week' ? texts.weekOf(row.label) : row.label),
    [figures, texts],
  );
  const valueColumn = figures.measure === 'sum' ? texts.sumColumn(figures.unit) : texts.valueColumn;
  const headingId = `kc-widget-${figures.id}`;
  const rows = figures.kind === 'counter' ? [{ key: '', label: figures.title, value: figures.value }] : figures.rows;
  const csv = () =>
    download(
      figures.title,
      figuresCsv(
        [texts.labelColumn, valueColumn],
        rows.map((row) => ({ label: labelOf(row), value: row.value })),
      ),
    );
  const summary = texts.chartSummary(figures.title, rows.map((row) => texts.summaryItem(labelOf(row), row.value)).join(texts.separator));
  // A breakdown or trend always has its rows (every value, every period, 0 included); a top may have none.
  const empty = figures.rows.length === 0;

  return (
    <Card
      className="kc-dashboard-widget"
      data-widget={figures.id}
      title={
        <h2 id={headingId} style={{ margin: 0, fontSize: 16 }}>
          {figures.title}
        </h2>
      }
      extra={<Link to={figures.href}>{texts.openList}</Link>}
      aria-labelledby={headingId}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {figures.kind === 'counter' ? (
          <Statistic value={figures.value} suffix={figures.unit} formatter={(value) => texts.formatNumber(Number(value))} />
        ) : (
          <>
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Segmented
                aria-label={texts.viewSwitch(figures.title)}
                value={view}
                onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
                options={[
                  { label: texts.chartView, value: 'chart' },
                  { label: texts.tableView, value: 'table' },
                ]}
              />
              <Typography.Text type="secondary">
                {texts.total(figures.value)}
                {figures.unit ? ` ${figures.unit}` : ''}
              </Typography.Text>
            </Space>
            {empty && view === 'chart' ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.noFigures} />
            ) : view === 'chart' ? (
              <WidgetChart figures={figures} summary={summary} labelOf={labelOf} />
            ) : (
              <div className="kc-dashboard-table-wrap">
                <table className="kc-dashboard-table">
                  <caption>{figures.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{texts.labelColumn}</th>
                      <th scope="col">{valueColumn}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.rows.map((row) => (
                      <tr key={row.key}>
                        <th scope="row">{labelOf(row)}</th>
                        <td>{texts.formatNumber(row.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
        <Button size="small" icon={<DownloadOutlined />} onClick={csv} className="kc-dashboard-download">
          {texts.download}
        </Button>
      </Space>
    </Card>
  );
}
