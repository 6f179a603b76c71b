import { describe, expect, it } from 'vitest';
import { formatHours } from './hours';

describe('formatHours', () => {
  it('renders the default shop hours with Saturday by appointment and Sunday closed', () => {
    expect(formatHours(['Mo-Fr 08:00-18:00'], 'Saturday by appointment')).toEqual([
      'Mon–Fri: 8:00 AM – 6:00 PM',
      'Saturday by appointment',
      'Sunday: Closed',
    ]);
  });

  it('lists every uncovered day as closed when there is no note', () => {
    expect(formatHours(['Mo-Fr 09:00-18:00', 'Sa 09:00-13:00'], '')).toEqual([
      'Mon–Fri: 9:00 AM – 6:00 PM',
      'Saturday: 9:00 AM – 1:00 PM',
      'Sunday: Closed',
    ]);
  });
});
