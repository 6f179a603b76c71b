/**
 * Invoice dates in the formats real suppliers print (issue 18): 11/03/2026, 11/3/26, 2026-11-03, 2026/11/05,
 * Nov 3, 2026, Nov 3,2026, November 3rd, 2026, 30 Oct 2026, 03-NOV-26, 03/NOV/2026, NOV-03-2026 (and the same with dots or without the comma; a zero read for the O of OCT or NOV is taken as the O;
 * a day over 31 beside a month name whose first digit is 6, 8 or 9 is a dotted zero misread: "65-JUN-26" is 05-JUN-26),
 * and a dealer system's day, month and year run together without separators (03NOV26, 3Nov2026).
 *
 * `readDate(text)` finds the first (leftmost) date-looking run in `text` and parses it with date-fns over {@link DATE_FORMATS}
 * (US month-first for numeric dates unless the first number is over 12): `{ iso: 'YYYY-MM-DD', raw }`,
 * `{ iso: null, raw }` when it looks like a date that does not exist (31/02/2026), or null when there is none.
 */
import { format, isValid, parse } from 'date-fns';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
/** Candidate runs, most specific first. */
const PATTERNS = [
  /\b\d{4}([-/.])\d{1,2}\1\d{1,2}\b/,
  // One separator throughout: "Lug nut 1/2-20" is not a date.
  /\b\d{1,2}([-/.])\d{1,2}\1(?:\d{4}|\d{2})(?!\d)/,
  // Day, month name and year with dashes, spaces or slashes ("30 Oct 2026", "03-NOV-26", a dealer system's "20/AUG/2026").
  new RegExp(`\\b\\d{1,2}[- /]${MONTH}[- ,/]+(?:\\d{4}|\\d{2})(?!\\d)`, 'i'),
  // The comma may stand for the space ("Jan. 27,2026", a layout printing it so or the OCR closing it up: random layout R2063).
  new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,\\s*|\\s+)\\d{4}\\b`, 'i'),
  // Day, month and year run together (a dealer system's 03NOV26): the month spelt out keeps it a date.
  new RegExp(`\\b\\d{1,2}${MONTH}(?:\\d{4}|\\d{2})\\b`, 'i'),
  // The month first with dashes throughout ("NOV-03-2026", a distributor's system in capitals: extra6 L54).
  new RegExp(`\\b${MONTH}-\\d{1,2}-\\d{4}\\b`, 'i'),
];

/** date-fns formats tried in order on the normalised run (see module docs). */
export const DATE_FORMATS = [
  'yyyy-MM-dd',
  'yyyy-M-d',
  'MM-dd-yyyy',
  'M-d-yyyy',
  'M-d-yy',
  'dd-MM-yyyy',
  'd-M-yy',
  'd-MMM-yyyy',
  'd-MMM-yy',
  'd-MMMM-yyyy',
  'MMM d yyyy',
  'MMMM d yyyy',
  'MMM do yyyy',
  'MMMM do yyyy',
] as const;

const REF = new Date(2000, 0, 1);

function tryFormats(run: string, dayFirst: boolean): string | null {
  for (const f of DATE_FORMATS) {
    if (dayFirst !== f.startsWith('d')) {
      if (/^[Md]/.test(f) && /^\d/.test(run) && !f.includes('MMM')) continue;
    }
    const d = parse(run, f, REF);
    if (isValid(d) && d.getFullYear() >= 1990 && d.getFullYear() <= 2200) return format(d, 'yyyy-MM-dd');
  }
  return null;
}

/** Finds and parses the first date in `text` (see module docs). */
export function readDate(input: string): { iso: string | null; raw: string } | null {
  // A zero read for the O of a month in capitals (dot-matrix "29-0CT-26", "N0V 3, 2026").
  const text = input.replace(/\b0(CT|ct)\b/g, 'O$1').replace(/(?<![A-Za-z0-9])N0(V|v)(?![a-z0-9])/g, 'NO$1').replace(/(?<=\d[- ])0(CT|ct)(?=[- ,.])/g, 'O$1').replace(/(?<=\d)(?:0(CT)|N0(V))(?=\d{2})/g, (_, ct?: string, v?: string) => (ct ? `O${ct}` : `NO${v}`));
  const found = PATTERNS.map((re) => re.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => a.index - b.index);
  for (const m of found.slice(0, 1)) {
    const raw = m[0];
    const run = monthFirstDashed(separated(raw))
      .replace(/[/.]/g, '-')
      .replace(/,/g, ' ')
      .replace(/(\d)-([A-Za-z])/g, '$1-$2')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^([A-Za-z]+)-? /, '$1 ')
      .replace(/\bsept\b/i, 'Sep');
    const normal = /^\d{1,2} [A-Za-z]/.test(run) ? run.replace(/ /g, '-').replace(/\.$/, '') : run.replace(/\.(?= )/, '');
    const first = /^(\d{1,2})-(\d{1,2})-/.exec(normal);
    const dayFirst = !!first && Number(first[1]) > 12 && Number(first[2]) <= 12;
    const iso = tryFormats(capitalise(normal), dayFirst) ?? tryFormats(capitalise(zeroForDottedDay(normal)), dayFirst);
    return { iso, raw };
  }
  return null;
}

/**
 * A day beside a month name that cannot be one (over 31) and starts with 6, 8 or 9: the OCR's reading of a dotted or
 * slashed zero (dot-matrix and monospace print, "65-JUN-26" for 05-JUN-26) — that digit is taken as the 0. Only for a
 * day next to a month spelt out, where the rest of the date pins it down; the date's word keeps its low confidence.
 */
function zeroForDottedDay(run: string): string {
  return run
    .replace(/^[689](\d)(?=-[A-Za-z])/, (m, d: string) => (Number(m) > 31 ? `0${d}` : m))
    .replace(/^([A-Za-z]+ )[689](\d)(?=\D)/, (m, month: string, d: string) => (Number(m.slice(month.length)) > 31 ? `${month}0${d}` : m));
}

/** A month-first date with dashes ("NOV-03-2026", "Apr-11-2026") spaced as "NOV 03 2026"; other runs as they are. */
function monthFirstDashed(raw: string): string {
  return raw.replace(/^([A-Za-z]+\.?)-(\d{1,2})-(\d{4})$/, '$1 $2 $3');
}

/** A run of day, month and year without separators ("03NOV26", "3Nov2026") with dashes put in; other runs as they are. */
function separated(raw: string): string {
  const m = /^(\d{1,2})([A-Za-z]+\.?)(\d{2}|\d{4})$/.exec(raw);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : raw;
}

const capitalise = (s: string) => s.replace(/[A-Za-z]+/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
