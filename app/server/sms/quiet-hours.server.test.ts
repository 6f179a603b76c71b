import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS, isQuietTime, nextAllowedSendTime } from './quiet-hours.server';

const TZ = 'America/Chicago';
const at = (iso: string) => new Date(iso);

describe('quiet hours (default 20:00–08:00, America/Chicago)', () => {
  it('lets a text go at once during the day', () => {
    const noon = at('2026-07-15T17:00:00Z'); // 12:00 CDT
    expect(isQuietTime(noon, DEFAULT_QUIET_HOURS, TZ)).toBe(false);
    expect(nextAllowedSendTime(noon, DEFAULT_QUIET_HOURS, TZ)).toEqual(noon);
    expect(nextAllowedSendTime(at('2026-07-15T13:00:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-07-15T13:00:00Z')); // 08:00 sharp
  });

  it('holds an evening text until 08:00 the next morning', () => {
    expect(nextAllowedSendTime(at('2026-07-16T01:00:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-07-16T13:00:00Z')); // 20:00 CDT
    expect(nextAllowedSendTime(at('2026-07-16T04:59:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-07-16T13:00:00Z')); // 23:59
  });

  it('holds a text after midnight until 08:00 the same morning', () => {
    expect(nextAllowedSendTime(at('2026-07-16T07:30:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-07-16T13:00:00Z')); // 02:30
    expect(nextAllowedSendTime(at('2026-07-16T12:59:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-07-16T13:00:00Z')); // 07:59
  });

  it('counts 08:00 on the shop clock across the spring-forward night (UTC offset −6 → −5)', () => {
    // Sat 2026-03-07 22:00 CST = 2026-03-08T04:00Z; clocks go forward at 02:00 on Sun 03-08; 08:00 CDT = 13:00Z.
    expect(nextAllowedSendTime(at('2026-03-08T04:00:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-03-08T13:00:00Z'));
  });

  it('counts 08:00 on the shop clock across the fall-back night (UTC offset −5 → −6)', () => {
    // Sat 2026-10-31 22:00 CDT = 2026-11-01T03:00Z; clocks go back at 02:00 on Sun 11-01; 08:00 CST = 14:00Z.
    expect(nextAllowedSendTime(at('2026-11-01T03:00:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-11-01T14:00:00Z'));
    // 01:30 the second time round (CST) is still quiet.
    expect(nextAllowedSendTime(at('2026-11-01T07:30:00Z'), DEFAULT_QUIET_HOURS, TZ)).toEqual(at('2026-11-01T14:00:00Z'));
  });

  it('handles a window within one day, and an empty window', () => {
    const lunch = { startMinute: 12 * 60, endMinute: 13 * 60 };
    expect(nextAllowedSendTime(at('2026-07-15T17:30:00Z'), lunch, TZ)).toEqual(at('2026-07-15T18:00:00Z')); // 12:30 → 13:00
    expect(nextAllowedSendTime(at('2026-07-16T01:00:00Z'), lunch, TZ)).toEqual(at('2026-07-16T01:00:00Z')); // 20:00: allowed
    const none = { startMinute: 600, endMinute: 600 };
    expect(isQuietTime(at('2026-07-15T15:00:00Z'), none, TZ)).toBe(false);
  });

  it('uses the shop time zone, not the server’s', () => {
    // 21:00 in Chicago is 19:00 in Los Angeles.
    expect(isQuietTime(at('2026-07-16T02:00:00Z'), DEFAULT_QUIET_HOURS, TZ)).toBe(true);
    expect(isQuietTime(at('2026-07-16T02:00:00Z'), DEFAULT_QUIET_HOURS, 'America/Los_Angeles')).toBe(false);
  });
});
