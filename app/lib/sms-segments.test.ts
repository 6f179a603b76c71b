import { describe, expect, it } from 'vitest';
import { countSegments, countTextSegments, isGsm7, PROVIDER_MAX_CHARS, splitText } from './sms-segments';

describe('countSegments', () => {
  it('counts GSM-7: 160 in one segment, then 153 a segment; extension characters take two', () => {
    expect(countSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(countSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toMatchObject({ segments: 2 });
    expect(countSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(countSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(countSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    // An escape pair is never split: 152 plain + one € do not fit in the first segment's last septet.
    expect(countSegments(`${'a'.repeat(152)}€${'a'.repeat(10)}`)).toMatchObject({ units: 164, segments: 2 });
    expect(isGsm7('Your 2019 Civic is ready: £0 due, café @ 5pm!')).toBe(true);
  });

  it('counts UCS-2 when one character is outside GSM-7: 70, then 67; an emoji takes two and is never split', () => {
    expect(countSegments('Ready 👍')).toMatchObject({ encoding: 'UCS-2', units: 8, segments: 1 });
    expect(countSegments('“quoted”')).toMatchObject({ encoding: 'UCS-2' });
    expect(countSegments('a'.repeat(69) + 'ł')).toMatchObject({ units: 70, segments: 1 });
    expect(countSegments('a'.repeat(70) + 'ł')).toMatchObject({ units: 71, segments: 2 });
    // 66 units then an emoji (2 units): it moves whole to the second segment.
    expect(countSegments('a'.repeat(66) + '😀' + 'a'.repeat(5))).toMatchObject({ units: 73, segments: 2 });
    expect(countSegments('😀'.repeat(67))).toMatchObject({ units: 134, segments: 3 });
  });
});

describe('splitText', () => {
  it('keeps a text of up to 1,600 characters whole', () => {
    const text = 'x'.repeat(PROVIDER_MAX_CHARS);
    expect(splitText(text)).toEqual([text]);
    expect(splitText('')).toEqual(['']);
  });

  it('splits a longer text at word boundaries, losing nothing but the spaces it cuts at', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const parts = splitText(text);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PROVIDER_MAX_CHARS);
      expect(part).toBe(part.trim());
    }
    expect(parts.join(' ')).toBe(text);
    expect(parts.join(' ').split(' ')).toEqual(words);
  });

  it('never cuts an emoji, a skin-tone modifier or a flag in half', () => {
    const text = '👍🏽🇺🇸'.repeat(300); // no spaces: every cut falls between clusters
    const parts = splitText(text, 100);
    expect(parts.join('')).toBe(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(100);
      expect(part.startsWith('👍🏽') || part.startsWith('🇺🇸')).toBe(true);
      expect([...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(part)].every((s) => s.segment === '👍🏽' || s.segment === '🇺🇸')).toBe(true);
    }
  });

  it('cuts a long word where it must', () => {
    const parts = splitText('a'.repeat(3500));
    expect(parts.map((p) => p.length)).toEqual([1600, 1600, 300]);
  });

  it('counts a whole text as its texts and segments', () => {
    expect(countTextSegments('Hello')).toEqual({ messages: 1, segments: 1, encoding: 'GSM-7' });
    const long = countTextSegments('a '.repeat(1000).trim());
    expect(long.messages).toBe(2);
    expect(long.segments).toBeGreaterThanOrEqual(13);
  });
});
