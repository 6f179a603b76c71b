/**
 * How a text is cut up on its way to a phone (issue 15), browser-safe: the staff reply box counts segments live with
 * {@link countSegments}, and the server splits long texts with {@link splitText} before handing them to the provider.
 *
 * SMS carries 140 bytes per message (3GPP TS 23.040). In the GSM 03.38 7-bit alphabet ("GSM-7", 3GPP TS 23.038) that
 * is 160 characters, or 153 per segment once a text needs several (the user-data header that joins them takes 7);
 * the extension characters ^ { } \ [ ~ ] | € and form feed take two septets each and are never split from their
 * escape. Any character outside GSM-7 (an emoji, a curly quote, most accented letters) turns the whole text into UCS-2
 * (UTF-16): 70 code units, or 67 per segment; a character outside the Basic Multilingual Plane (most emoji) takes two
 * and is never split. Carriers bill per segment, which is why staff see the count.
 *
 * Twilio accepts a `Body` of at most 1,600 characters and segments it itself
 * (https://www.twilio.com/docs/messaging/api/message-resource, "Body"); a longer text is sent as several messages, cut
 * by {@link splitText} at a word boundary where one is near, and never inside a character: a surrogate pair, or a
 * grapheme cluster such as 👍🏽 or a flag, stays whole.
 */

/** The most UTF-16 code units one provider message takes (Twilio's `Body` limit, counted conservatively). */
export const PROVIDER_MAX_CHARS = 1600;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Segments the text is billed as (0 for an empty text). */
  segments: number;
  /** Units that fit in one segment when the text needs several: 153 (GSM-7) or 67 (UCS-2). */
  perSegment: number;
  /** Units that fit in a text of one segment: 160 (GSM-7) or 70 (UCS-2). */
  single: number;
}

/** True when every character of `text` is in the GSM-7 alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** Packs items of the given sizes into segments of `capacity`, never splitting an item; returns the segment count. */
function pack(sizes: Iterable<number>, capacity: number): number {
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > capacity) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return segments;
}

/**
 * The segments one provider message of `text` is billed as (see module docs). Counts one message: for a text longer
 * than {@link PROVIDER_MAX_CHARS} add up the counts of {@link splitText}'s parts (as {@link countTextSegments} does).
 */
export function countSegments(text: string): SegmentCount {
  if (isGsm7(text)) {
    const sizes = [...text].map((ch) => (EXTENSION.has(ch) ? 2 : 1));
    const units = sizes.reduce((a, b) => a + b, 0);
    const segments = units === 0 ? 0 : units <= 160 ? 1 : pack(sizes, 153);
    return { encoding: 'GSM-7', units, segments, perSegment: 153, single: 160 };
  }
  const sizes = [...text].map((ch) => ch.length);
  const units = text.length;
  const segments = units <= 70 ? 1 : pack(sizes, 67);
  return { encoding: 'UCS-2', units, segments, perSegment: 67, single: 70 };
}

/** Provider messages and segments a whole text takes: `{ messages, segments, encoding }` (encoding of the first part). */
export function countTextSegments(text: string): { messages: number; segments: number; encoding: SmsEncoding } {
  const parts = splitText(text);
  const counts = parts.map(countSegments);
  return {
    messages: parts.length,
    segments: counts.reduce((sum, c) => sum + c.segments, 0),
    encoding: counts.some((c) => c.encoding === 'UCS-2') ? 'UCS-2' : 'GSM-7',
  };
}

let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `text` (what a reader counts as one character). */
function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * `text` as provider messages of at most `max` UTF-16 code units each (default {@link PROVIDER_MAX_CHARS}): one part
 * when it fits; otherwise cut at the last whitespace in the second half of each window (the whitespace is dropped),
 * or, with none there, at the last whole grapheme cluster. Parts are never empty; an empty text gives `['']`.
 */
export function splitText(text: string, max: number = PROVIDER_MAX_CHARS): string[] {
  if (text.length <= max) return [text];
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = 0;
    for (const g of graphemes(rest.slice(0, max + 32))) {
      if (cut + g.length > max) break;
      cut += g.length;
    }
    if (cut === 0) {
      // One cluster longer than a whole message (stacked combining marks): cut between code points.
      cut = max;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    const window = rest.slice(0, cut);
    let space = -1;
    for (let i = window.length - 1; i > window.length / 2; i -= 1) {
      if (/\s/.test(window[i]!)) {
        space = i;
        break;
      }
    }
    if (space > 0) {
      parts.push(window.slice(0, space).trimEnd() || window.slice(0, space));
      rest = rest.slice(space).trimStart();
    } else {
      parts.push(window);
      rest = rest.slice(cut);
    }
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}
