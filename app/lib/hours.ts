/**
 * Business hours display from schema.org `openingHours` strings (one source of truth, DECISIONS 2).
 * `formatHours(["Mo-Fr 08:00-18:00"], "Saturday by appointment")` →
 * ["Mon–Fri: 8:00 AM – 6:00 PM", "Saturday by appointment", "Sunday: Closed"].
 */
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const SHORT: Record<string, string> = { Mo: 'Mon', Tu: 'Tue', We: 'Wed', Th: 'Thu', Fr: 'Fri', Sa: 'Sat', Su: 'Sun' };
const LONG: Record<string, string> = {
  Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday',
};

function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

function expandDays(spec: string): string[] {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-');
    const start = DAYS.indexOf(from as (typeof DAYS)[number]);
    const end = to ? DAYS.indexOf(to as (typeof DAYS)[number]) : start;
    return start < 0 || end < 0 ? [] : DAYS.slice(start, end + 1);
  });
}

function dayLabel(spec: string): string {
  return spec
    .split(',')
    .map((part) => part.split('-').map((d) => (part.includes('-') ? SHORT[d] : LONG[d]) ?? d).join('–'))
    .join(', ');
}

export function formatHours(openingHours: readonly string[], note: string): string[] {
  const lines: string[] = [];
  const covered = new Set<string>();
  for (const entry of openingHours) {
    const [days = '', times = ''] = entry.split(' ');
    const [open = '', close = ''] = times.split('-');
    expandDays(days).forEach((d) => covered.add(d));
    lines.push(`${dayLabel(days)}: ${clock(open)} – ${clock(close)}`);
  }
  if (note) lines.push(note);
  const closed = DAYS.filter((d) => !covered.has(d) && !note.toLowerCase().includes(LONG[d]!.toLowerCase()));
  for (const d of closed) lines.push(`${LONG[d]}: Closed`);
  return lines;
}
