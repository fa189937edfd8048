import { useId } from 'react';
import { fenToAmount, type BillMonthTotal } from '@haoshi/contracts';
import { chartBarsOf, monthLabel } from './bill-months';
import { billMessages as text } from './messages';

const WIDTH = 320;
const HEIGHT = 150;
const PLOT_TOP = 12;
const PLOT_BOTTOM = 124;
const BAR_WIDTH = 12;

/** Money in and out by month as paired bars (hand-made SVG), with the numbers as a table beside it. */
export function MoneyChart({ totals, months = 6 }: { totals: readonly BillMonthTotal[]; months?: number }) {
  const titleId = useId();
  const bars = chartBarsOf(totals, months);
  if (bars.length === 0) return null;
  const slot = WIDTH / bars.length;
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const summary = bars
    .map(
      (bar) =>
        `${monthLabel(bar.month)} ${text.income}${fenToAmount(bar.income)}元 ${text.expense}${fenToAmount(bar.expense)}元`,
    )
    .join('；');
  return (
    <section className="money-chart" aria-labelledby={titleId}>
      <header className="money-chart__header">
        <h2 id={titleId}>{text.chartTitle}</h2>
        <span className="money-chart__legend" aria-hidden="true">
          <i className="money-chart__swatch money-chart__swatch--in" />
          {text.income}
          <i className="money-chart__swatch money-chart__swatch--out" />
          {text.expense}
        </span>
      </header>
      <svg
        className="money-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        data-testid="money-chart"
      >
        <line x1={0} x2={WIDTH} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} className="money-chart__axis" />
        {bars.map((bar, index) => {
          const center = slot * index + slot / 2;
          const incomeHeight = Math.max(bar.income > 0 ? 1 : 0, bar.incomeRatio * plotHeight);
          const expenseHeight = Math.max(bar.expense > 0 ? 1 : 0, bar.expenseRatio * plotHeight);
          return (
            <g key={bar.month}>
              <rect
                className="money-chart__bar money-chart__bar--in"
                x={center - BAR_WIDTH - 1}
                y={PLOT_BOTTOM - incomeHeight}
                width={BAR_WIDTH}
                height={incomeHeight}
                rx={2}
              />
              <rect
                className="money-chart__bar money-chart__bar--out"
                x={center + 1}
                y={PLOT_BOTTOM - expenseHeight}
                width={BAR_WIDTH}
                height={expenseHeight}
                rx={2}
              />
              <text x={center} y={HEIGHT - 8} textAnchor="middle" className="money-chart__label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="money-chart__table">
        <summary>{text.chartTable}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{text.month}</th>
              <th scope="col">{text.income}（元）</th>
              <th scope="col">{text.expense}（元）</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.month}>
                <th scope="row">{monthLabel(bar.month)}</th>
                <td>{fenToAmount(bar.income)}</td>
                <td>{fenToAmount(bar.expense)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
