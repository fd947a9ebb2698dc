import { formatChf } from "~/domain/money";
import type { BarSeries, HeatGrid } from "~/domain/reports";

/**
 * Charts of the manager's reports (issue #31 §5), drawn on the server as SVG: readable without
 * JavaScript, printable, scaled to any width by their viewBox. Each has a title for screen readers;
 * the table beside it carries the same numbers.
 */

const PURPLE = "#6b21a8";
const RED = "#991b1b";

function valueText(value: number, unit: BarSeries["unit"]): string {
  return unit === "chf" ? formatChf(value) : String(value);
}

/** A short axis text: «CHF 12’300» without Rappen, counts as they are. */
function axisText(value: number, unit: BarSeries["unit"]): string {
  return unit === "chf" ? `CHF ${new Intl.NumberFormat("de-CH", { maximumFractionDigits: 0 }).format(value / 100)}` : String(value);
}

/** Values over time: one column per period (days, weeks, months), negative ones below the zero line. */
export function ColumnChart({ id, title, series }: { id: string; title: string; series: BarSeries }) {
  const width = 640;
  const height = 220;
  const left = 76;
  const top = 12;
  const bottom = 36;
  const plot = { w: width - left - 8, h: height - top - bottom };
  const max = Math.max(0, ...series.values);
  const min = Math.min(0, ...series.values);
  const span = max - min || 1;
  const y = (v: number) => top + ((max - v) / span) * plot.h;
  const step = plot.w / Math.max(1, series.values.length);
  const barWidth = Math.max(2, step * 0.7);
  // At most about twelve labels under the columns, so they never overlap.
  const every = Math.max(1, Math.ceil(series.labels.length / 12));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="report-chart" role="img" aria-labelledby={`${id}-chart-title`}>
      <title id={`${id}-chart-title`}>{`${title} (Diagramm; die Zahlen stehen in der Tabelle)`}</title>
      <line x1={left} x2={width - 8} y1={y(0)} y2={y(0)} stroke="#6b7280" strokeWidth={1} />
      <text x={left - 6} y={y(max) + 4} textAnchor="end" fontSize={11} fill="#374151">
        {axisText(max, series.unit)}
      </text>
      {min < 0 ? (
        <text x={left - 6} y={y(min) + 4} textAnchor="end" fontSize={11} fill="#374151">
          {axisText(min, series.unit)}
        </text>
      ) : null}
      <text x={left - 6} y={y(0) + 4} textAnchor="end" fontSize={11} fill="#374151">
        {axisText(0, series.unit)}
      </text>
      {series.values.map((v, i) => {
        const x = left + i * step + (step - barWidth) / 2;
        const top0 = Math.min(y(v), y(0));
        const h = Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - y(0)));
        return (
          <rect key={series.labels[i]} x={x} y={top0} width={barWidth} height={h} fill={v < 0 ? RED : PURPLE}>
            <title>{`${series.labels[i]}: ${valueText(v, series.unit)}`}</title>
          </rect>
        );
      })}
      {series.labels.map((label, i) =>
        i % every === 0 ? (
          <text key={label} x={left + i * step + step / 2} y={height - bottom + 16} textAnchor="middle" fontSize={10} fill="#374151">
            {series.short?.[i] ?? (label.length > 12 ? `${label.slice(0, 11)}…` : label)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** Values by category (payment methods, offers): one labelled bar per line. */
export function BarList({ id, title, series }: { id: string; title: string; series: BarSeries }) {
  const width = 640;
  const row = 30;
  const labelWidth = 210;
  const valueWidth = 110;
  const height = Math.max(1, series.values.length) * row + 8;
  const plot = width - labelWidth - valueWidth;
  const max = Math.max(1, ...series.values.map(Math.abs));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="report-chart" role="img" aria-labelledby={`${id}-chart-title`}>
      <title id={`${id}-chart-title`}>{`${title} (Diagramm; die Zahlen stehen in der Tabelle)`}</title>
      {series.values.map((v, i) => {
        const label = series.labels[i]!;
        const y = 4 + i * row;
        const w = Math.max(v === 0 ? 0 : 2, (Math.abs(v) / max) * (plot - 8));
        return (
          <g key={label}>
            <text x={0} y={y + 19} fontSize={13} fill="#1f2937">
              {label.length > 30 ? `${label.slice(0, 29)}…` : label}
            </text>
            <rect x={labelWidth} y={y + 5} width={w} height={row - 10} fill={v < 0 ? RED : PURPLE} />
            <text x={labelWidth + w + 6} y={y + 19} fontSize={13} fill="#1f2937">
              {valueText(v, series.unit)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Counts on a weekday × hour grid: darker is busier; every cell also shows its number. */
export function HeatMap({ id, title, grid }: { id: string; title: string; grid: HeatGrid }) {
  const cellW = 44;
  const cellH = 30;
  const left = 40;
  const top = 22;
  const width = left + grid.columns.length * cellW + 4;
  const height = top + grid.rows.length * cellH + 4;
  const max = Math.max(1, ...grid.values.flat());
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="report-chart report-heat" role="img" aria-labelledby={`${id}-chart-title`}>
      <title id={`${id}-chart-title`}>{`${title} (Diagramm; die Zahlen stehen in der Tabelle)`}</title>
      {grid.columns.map((c, j) => (
        <text key={c} x={left + j * cellW + cellW / 2} y={14} textAnchor="middle" fontSize={11} fill="#374151">
          {c.slice(0, 2)}
        </text>
      ))}
      {grid.rows.map((r, i) => (
        <g key={r}>
          <text x={0} y={top + i * cellH + 20} fontSize={12} fill="#1f2937">
            {r.slice(0, 2)}
          </text>
          {grid.values[i]!.map((v, j) => {
            const share = v / max;
            return (
              <g key={grid.columns[j]}>
                <rect x={left + j * cellW} y={top + i * cellH} width={cellW - 2} height={cellH - 2} fill={PURPLE} fillOpacity={v === 0 ? 0.04 : 0.15 + 0.85 * share} stroke="#e5e7eb" />
                <text x={left + j * cellW + cellW / 2 - 1} y={top + i * cellH + 19} textAnchor="middle" fontSize={12} fill={share > 0.55 ? "#ffffff" : "#1f2937"}>
                  {v}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
