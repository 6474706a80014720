// A small SVG column chart (no chart library): one bar per point, value in each bar's tooltip.
import { money } from '../../../ui/format.js';

export interface ChartPoint {
  key: string;
  /** Short text under the bar ("1", "Jan"). */
  label: string;
  value: number;
  /** Tooltip title ("2024-05-01: $109.00"). */
  title: string;
}

// Drawn in a fixed 1000-unit-wide box and stretched to the page, so labels stay close to their shape.
const WIDTH = 1000;
const HEIGHT = 160;
const AXIS = 18;

/** Columns scaled to the largest value; every label shown when there is room, else every few. `format` writes
 * the caption's value (money unless told: the size curve counts units). */
export function BarChart({ points, label, format = money }: { points: ChartPoint[]; label: string; format?: (value: number) => string }) {
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = WIDTH / Math.max(1, points.length);
  const bar = slot * 0.7;
  const every = points.length > 16 ? Math.ceil(points.length / 16) : 1;
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} preserveAspectRatio="none" role="img" aria-label={label} width="100%" height={HEIGHT + AXIS}>
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="chart-axis" />
        {points.map((p, i) => {
          const h = max > 0 ? Math.max(p.value > 0 ? 1 : 0, (p.value / max) * (HEIGHT - 8)) : 0;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={p.key}>
              <rect x={x} y={HEIGHT - h} width={bar} height={h} rx={2} className="chart-bar" data-key={p.key}>
                <title>{p.title}</title>
              </rect>
              {i % every === 0 ? (
                <text x={x + bar / 2} y={HEIGHT + 14} textAnchor="middle" className="chart-label">
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">Highest: {format(max)}</figcaption>
    </figure>
  );
}
