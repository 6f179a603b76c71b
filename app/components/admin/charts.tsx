/**
 * Server-rendered bar charts for the dashboard: every bar carries its number as text and the chart has a text
 * alternative (its `aria-label`), so it reads without colour and without JavaScript.
 *
 * Drawn with HTML and CSS rather than a scaled SVG (issue 17 §7): text keeps its real size at any width, so the
 * labels stay readable on a phone (an SVG scaled to a 320 px card shrank 9-unit labels to about 5 px).
 */
export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars: the label above-left (wraps on a phone), the bar, and the value at the bar's end. */
export function HorizontalBarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure>
      <div role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`} className="max-w-xl space-y-1">
        {bars.map((b) => (
          <div key={b.label} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-2 text-sm">
            <span className="text-right text-slate-800 [overflow-wrap:anywhere]">{b.label}</span>
            <span className="flex min-w-0 items-center gap-1.5">
              <span className="block h-4 shrink-0 bg-navy-700" style={{ width: `${Math.max((b.value / max) * 85, 0.5)}%` }} />
              <span className="font-bold text-navy-900">{b.value}</span>
            </span>
          </div>
        ))}
      </div>
      <figcaption className="mt-1 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}

/** Vertical bars for a time series; every non-zero bar has its count written above it and every 5th day a date label. */
export function ColumnChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure>
      <div
        role="img"
        aria-label={`${title}: ${bars.filter((b) => b.value > 0).map((b) => `${b.label} ${b.value}`).join(', ') || 'none'}`}
        className="max-w-2xl"
      >
        <div className="flex h-36 items-end border-b border-slate-500">
          {bars.map((b) => (
            <div key={b.label} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
              {b.value > 0 ? <span className="text-xs leading-4 text-navy-900">{b.value}</span> : null}
              <span className="block w-3/4 bg-brand-700" style={{ height: `${(b.value / max) * 80}%` }} />
            </div>
          ))}
        </div>
        <div className="flex">
          {bars.map((b, i) => (
            <div key={b.label} className="relative h-5 min-w-0 flex-1">
              {i % 5 === 0 || i === bars.length - 1 ? (
                <span className="absolute top-1 left-1/2 -translate-x-1/2 text-xs whitespace-nowrap text-slate-800">{b.label.slice(5)}</span>
              ) : null}
            </div>
          ))}
        </div>
      </div>
      <figcaption className="mt-1 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}
