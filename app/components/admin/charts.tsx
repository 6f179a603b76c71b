/**
 * Server-rendered SVG bar charts for the dashboard: every bar carries its number as text and the chart has a
 * table-like text alternative, so it reads without colour and without JavaScript.
 */
export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars with the label on the left and the value at the bar's end. */
export function HorizontalBarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const rowH = 28;
  const labelW = 150;
  const chartW = 260;
  const height = bars.length * rowH + 8;
  return (
    <figure>
      <svg role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`} viewBox={`0 0 ${labelW + chartW + 50} ${height}`} className="w-full max-w-xl">
        {bars.map((b, i) => {
          const w = Math.round((b.value / max) * chartW);
          const y = i * rowH + 4;
          return (
            <g key={b.label}>
              <text x={labelW - 8} y={y + 17} textAnchor="end" fontSize="13" fill="#1e293b">
                {b.label}
              </text>
              <rect x={labelW} y={y + 4} width={Math.max(w, 1)} height={rowH - 10} fill="#1e3a5f" />
              <text x={labelW + Math.max(w, 1) + 6} y={y + 17} fontSize="13" fill="#0b1a33" fontWeight="bold">
                {b.value}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}

/** Vertical bars for a time series; every bar has its count written above it and every 5th day a date label. */
export function ColumnChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const colW = 20;
  const chartH = 120;
  const width = bars.length * colW + 10;
  return (
    <figure>
      <svg role="img" aria-label={`${title}: ${bars.filter((b) => b.value > 0).map((b) => `${b.label} ${b.value}`).join(', ') || 'none'}`} viewBox={`0 0 ${width} ${chartH + 40}`} className="w-full max-w-2xl">
        <line x1="0" y1={chartH + 16} x2={width} y2={chartH + 16} stroke="#64748b" />
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * chartH);
          const x = i * colW + 5;
          return (
            <g key={b.label}>
              <rect x={x + 2} y={chartH + 16 - h} width={colW - 4} height={h} fill="#a50d26" />
              {b.value > 0 ? (
                <text x={x + colW / 2} y={chartH + 12 - h} textAnchor="middle" fontSize="10" fill="#0b1a33">
                  {b.value}
                </text>
              ) : null}
              {i % 5 === 0 || i === bars.length - 1 ? (
                <text x={x + colW / 2} y={chartH + 32} textAnchor="middle" fontSize="9" fill="#1e293b">
                  {b.label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}
