/**
 * Small SVG charts for the analytics page: no chart library, server-rendered, readable on a phone.
 * Each chart carries a text summary for screen readers.
 */

export type Point = { label: string; value: number };

const W = 600;
const H = 180;
const PAD_BOTTOM = 22;
const PAD_LEFT = 36;

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / magnitude) * magnitude;
}

const fmt = (n: number, digits = 0) => new Intl.NumberFormat("it-IT", { maximumFractionDigits: digits }).format(n);

export function BarChart({
  points,
  title,
  color = "#1f57cf",
  unit = "",
  digits = 0,
  showTotal = true,
}: {
  points: Point[];
  title: string;
  color?: string;
  unit?: string;
  digits?: number;
  showTotal?: boolean;
}) {
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotW = W - PAD_LEFT;
  const plotH = H - PAD_BOTTOM;
  const step = points.length ? plotW / points.length : plotW;
  const barW = Math.max(1, step * 0.7);
  // Label at most ~8 ticks so long periods stay legible.
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  const total = points.reduce((s, p) => s + p.value, 0);
  return (
    <figure className="card p-4" data-testid="chart">
      <figcaption className="mb-2 flex items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        {showTotal ? (
          <span className="text-sm text-slate-500">
            Totale {fmt(total, digits)}
            {unit}
          </span>
        ) : null}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}: totale ${fmt(total, digits)}${unit}, massimo ${fmt(Math.max(0, ...points.map((p) => p.value)), digits)}${unit}`}
      >
        <line x1={PAD_LEFT} y1={plotH} x2={W} y2={plotH} stroke="#cbd5e1" />
        <line x1={PAD_LEFT} y1={0} x2={PAD_LEFT} y2={plotH} stroke="#cbd5e1" />
        <text x={PAD_LEFT - 4} y={10} textAnchor="end" fontSize="10" fill="#64748b">
          {fmt(max, digits)}
        </text>
        <text x={PAD_LEFT - 4} y={plotH} textAnchor="end" fontSize="10" fill="#64748b">
          0
        </text>
        {points.map((p, i) => {
          const h = (p.value / max) * (plotH - 4);
          const x = PAD_LEFT + i * step + (step - barW) / 2;
          return (
            <g key={p.label}>
              <rect x={x} y={plotH - h} width={barW} height={h} fill={color} rx={1}>
                <title>{`${p.label}: ${fmt(p.value, digits)}${unit}`}</title>
              </rect>
              {i % labelEvery === 0 ? (
                <text x={x + barW / 2} y={H - 6} textAnchor="middle" fontSize="10" fill="#64748b">
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function HorizontalBars({ points, title, empty }: { points: Point[]; title: string; empty: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  return (
    <figure className="card p-4" data-testid="chart">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      {points.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {points.map((p) => (
            <li key={p.label} className="text-sm">
              <div className="flex justify-between">
                <span>{p.label}</span>
                <span className="font-medium">{fmt(p.value)}</span>
              </div>
              <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1 h-2 w-full" aria-hidden>
                <rect x="0" y="0" width="100" height="6" fill="#e2e8f0" rx="3" />
                <rect x="0" y="0" width={(p.value / max) * 100} height="6" fill="#1f57cf" rx="3" />
              </svg>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
