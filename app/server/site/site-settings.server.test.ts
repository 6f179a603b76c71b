import { describe, expect, it } from 'vitest';
import { openingHoursFromWeekly, weeklyHoursFromOpeningHours } from './site-settings.server';

describe('weekly hours', () => {
  it('expands schema.org opening hours per weekday, Monday first', () => {
    const weekly = weeklyHoursFromOpeningHours(['Mo-Fr 08:00-18:00', 'Sa 09:00-13:00']);
    expect(weekly[0]).toEqual([{ open: '08:00', close: '18:00' }]);
    expect(weekly[4]).toEqual([{ open: '08:00', close: '18:00' }]);
    expect(weekly[5]).toEqual([{ open: '09:00', close: '13:00' }]);
    expect(weekly[6]).toEqual([]);
  });

  it('joins consecutive days with the same hours back into ranges', () => {
    const weekly = weeklyHoursFromOpeningHours(['Mo-Fr 08:00-18:00', 'Sa 09:00-13:00', 'Mo,We 19:00-20:00']);
    expect(openingHoursFromWeekly(weekly)).toEqual([
      'Mo 08:00-18:00',
      'Mo 19:00-20:00',
      'Tu 08:00-18:00',
      'We 08:00-18:00',
      'We 19:00-20:00',
      'Th-Fr 08:00-18:00',
      'Sa 09:00-13:00',
    ]);
    expect(openingHoursFromWeekly(weeklyHoursFromOpeningHours(['Mo-Fr 08:00-18:00']))).toEqual(['Mo-Fr 08:00-18:00']);
  });

  it('ignores entries it cannot read', () => {
    expect(weeklyHoursFromOpeningHours(['Xx 08:00-18:00', 'Mo 8-18']).every((d) => d.length === 0)).toBe(true);
  });
});
