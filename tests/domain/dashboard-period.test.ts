import { periodDays } from '@domain/api/dashboard';

/** A dashboard period's length in days of its time zone's clocks (the server's 'at most N days' rule, spec 3 §9). */
describe('periodDays', () => {
  it.each([
    // from local midnight 15 days back (the browser's default period) to 23:30, across the autumn clock change
    ['Europe/Rome, across the clocks going back', '2025-10-21T22:00:00.000Z', '2025-11-05T22:30:00.000Z', 'Europe/Rome', 14 + 23.5 / 24],
    // the same period across the spring change: an hour shorter in real time, the same on the clock
    ['Europe/Rome, across the clocks going forward', '2025-03-24T23:00:00.000Z', '2025-04-08T21:30:00.000Z', 'Europe/Rome', 14 + 23.5 / 24],
    ['UTC, no change', '2026-11-13T00:00:00.000Z', '2026-11-28T00:00:00.000Z', 'UTC', 15],
    ['a zone Intl does not know: real time', '2026-11-13T00:00:00.000Z', '2026-11-28T12:00:00.000Z', 'Mars/Olympus', 15.5],
  ])('%s', (_case, from, to, timeZone, days) => {
    expect(periodDays(new Date(from), new Date(to), timeZone)).toBeCloseTo(days, 9);
  });

  it('is over 15 days in real time but not on the clock: the default period the evening after the autumn change', () => {
    const from = new Date('2025-10-21T22:00:00.000Z');
    const to = new Date('2025-11-05T22:30:00.000Z');
    expect((to.getTime() - from.getTime()) / 86_400_000).toBeGreaterThan(15);
    expect(periodDays(from, to, 'Europe/Rome')).toBeLessThan(15);
  });
});
