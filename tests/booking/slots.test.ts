import { describe, expect, it } from 'vitest';
import { checkSlot, daySlotStarts, freeSlots, type SlotRules } from '~/server/booking/slots';

const TZ = 'America/Chicago';
const rules: SlotRules = {
  weeklyHours: [
    [{ open: '08:00', close: '10:00' }],
    // Tuesday: two intervals with a lunch break.
    [
      { open: '08:00', close: '09:00' },
      { open: '13:00', close: '14:00' },
    ],
    [{ open: '08:00', close: '10:00' }],
    [{ open: '08:00', close: '10:00' }],
    [{ open: '08:00', close: '10:00' }],
    [],
    [{ open: '01:00', close: '04:00' }], // Sunday, night hours to cross the DST change
  ],
  closures: ['2026-11-26'],
  slotMinutes: 30,
  capacity: 2,
  daysAhead: 60,
  leadHours: 2,
  timeZone: TZ,
};
// Monday 2026-11-23 06:00 in Chicago (UTC−6).
const now = new Date('2026-11-23T12:00:00Z');

const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit' }).format(d);

describe('freeSlots', () => {
  it('lists today through today + 60 days, in shop days', () => {
    const days = freeSlots(rules, [], now);
    expect(days).toHaveLength(61);
    expect(days[0]!.date).toBe('2026-11-23');
    expect(days.at(-1)!.date).toBe('2027-01-22');
  });

  it('gives a closure no slots and a closed weekday none', () => {
    const days = freeSlots(rules, [], now);
    expect(days.find((d) => d.date === '2026-11-26')!.slots).toEqual([]); // Thursday closure
    expect(days.find((d) => d.date === '2026-11-28')!.slots).toEqual([]); // Saturday: closed
    expect(days.find((d) => d.date === '2026-11-27')!.slots.map((s) => hhmm(s.startsAt))).toEqual(['08:00', '08:30', '09:00', '09:30']);
  });

  it('fills both intervals of a split day and nothing in the break', () => {
    const tuesday = freeSlots(rules, [], now).find((d) => d.date === '2026-11-24')!;
    expect(tuesday.slots.map((s) => hhmm(s.startsAt))).toEqual(['08:00', '08:30', '13:00', '13:30']);
    expect(tuesday.slots[0]!.endsAt.getTime() - tuesday.slots[0]!.startsAt.getTime()).toBe(30 * 60_000);
  });

  it('keeps the lead time: at 06:00 with 2 hours lead, 08:00 is the first slot; at 07:45 it is 10:00 or later', () => {
    expect(freeSlots(rules, [], now)[0]!.slots.map((s) => hhmm(s.startsAt))).toEqual(['08:00', '08:30', '09:00', '09:30']);
    const later = freeSlots(rules, [], new Date('2026-11-23T13:45:00Z'));
    expect(later[0]!.slots).toEqual([]); // 07:45 + 2 h = 09:45: nothing left before 10:00 closes
    const mid = freeSlots(rules, [], new Date('2026-11-23T13:10:00Z')); // 07:10 → from 09:10
    expect(mid[0]!.slots.map((s) => hhmm(s.startsAt))).toEqual(['09:30']);
  });

  it('counts capacity per start and leaves full slots out', () => {
    const start = new Date('2026-11-24T14:00:00Z'); // Tuesday 08:00 Chicago
    const one = freeSlots(rules, [start], now).find((d) => d.date === '2026-11-24')!;
    expect(one.slots[0]!.remaining).toBe(1);
    const full = freeSlots(rules, [start, start], now).find((d) => d.date === '2026-11-24')!;
    expect(full.slots.map((s) => hhmm(s.startsAt))).toEqual(['08:30', '13:00', '13:30']);
  });

  it('places slots on the wall clock across a DST change (2027-03-14, 02:00 → 03:00 in Chicago)', () => {
    const starts = daySlotStarts(rules, '2027-03-14').map((ms) => new Date(ms));
    // 01:00 and 01:30 are CST (UTC−6); after the gap, 03:00 and 03:30 are CDT (UTC−5). 02:00–02:59 does not exist:
    // TZDate moves those wall times one hour on, so they coincide with 03:00/03:30 and are kept once each.
    expect(starts[0]!.toISOString()).toBe('2027-03-14T07:00:00.000Z');
    expect(starts[1]!.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(starts.map(hhmm)).toContain('03:00');
    expect(starts.at(-1)!.toISOString()).toBe('2027-03-14T08:30:00.000Z'); // 03:30 CDT
    expect(starts.map(hhmm)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    // The day after, 08:00 is still 08:00 local (now UTC−5).
    expect(new Date(daySlotStarts(rules, '2027-03-15')[0]!).toISOString()).toBe('2027-03-15T13:00:00.000Z');
  });
});

describe('checkSlot', () => {
  const tuesday8 = new Date('2026-11-24T14:00:00Z');
  it('accepts a free slot and names every refusal', () => {
    expect(checkSlot(rules, tuesday8, 0, now)).toBeNull();
    expect(checkSlot(rules, tuesday8, 2, now)).toBe('full');
    expect(checkSlot(rules, new Date('2026-11-23T14:00:00Z'), 0, new Date('2026-11-23T13:00:00Z'))).toBe('past');
    expect(checkSlot(rules, new Date('2026-11-20T14:00:00Z'), 0, now)).toBe('past');
    expect(checkSlot(rules, new Date('2027-01-25T14:00:00Z'), 0, now)).toBe('too_far');
    expect(checkSlot(rules, new Date('2026-11-26T14:00:00Z'), 0, now)).toBe('closed');
    expect(checkSlot(rules, new Date('2026-11-24T14:10:00Z'), 0, now)).toBe('not_a_slot');
    expect(checkSlot(rules, new Date('2026-11-24T17:00:00Z'), 0, now)).toBe('not_a_slot'); // 11:00, in the break
  });
});
