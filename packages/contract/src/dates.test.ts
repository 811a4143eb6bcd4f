import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes the table form of product.md §9 ("MMM Do YY")', () => {
    const cases: [string, string][] = [
      ['2026-11-23T10:00:00Z', 'Nov 23rd 26'],
      ['2026-03-01T10:00:00Z', 'Mar 1st 26'],
      ['2026-03-02T10:00:00Z', 'Mar 2nd 26'],
      ['2026-03-11T10:00:00Z', 'Mar 11th 26'],
      ['2026-03-12T10:00:00Z', 'Mar 12th 26'],
      ['2026-03-13T10:00:00Z', 'Mar 13th 26'],
      ['2026-03-21T10:00:00Z', 'Mar 21st 26'],
      ['2026-03-22T10:00:00Z', 'Mar 22nd 26'],
      ['2026-03-31T10:00:00Z', 'Mar 31st 26'],
      ['2005-01-04T10:00:00Z', 'Jan 4th 05'],
    ];
    for (const [iso, expected] of cases) expect(formatDate(iso, 'table', 'UTC')).toBe(expected);
  });

  it('writes the long form elsewhere', () => {
    expect(formatDate('2026-11-23T10:00:00Z', 'long', 'UTC')).toBe('23 November 2026');
    expect(formatDate(new Date('2027-02-01T00:30:00Z'), 'long', 'UTC')).toBe('1 February 2027');
  });

  it('reads the day in the time zone asked for', () => {
    // 23:30 UTC on the 23rd is already the 24th in Kigali (UTC+2).
    expect(formatDate('2026-11-23T23:30:00Z', 'table', 'Africa/Kigali')).toBe('Nov 24th 26');
    expect(formatDate('2026-11-23T23:30:00Z', 'long', 'Africa/Kigali')).toBe('24 November 2026');
  });

  it("writes each other language's own forms", () => {
    const day = '2026-11-23T10:00:00Z';
    const cases: [Parameters<typeof formatDate>[3], string, string][] = [
      ['fr', '23 nov. 26', '23 novembre 2026'],
      ['sw', '23 Nov 26', '23 Novemba 2026'],
      ['rw', '23 ugu. 26', '23 Ugushyingo 2026'],
    ];
    for (const [language, table, long] of cases) {
      expect(formatDate(day, 'table', 'UTC', language)).toBe(table);
      expect(formatDate(day, 'long', 'UTC', language)).toBe(long);
    }
  });

  it('gives nothing for nothing, and for what is not a date', () => {
    expect(formatDate(null, 'long')).toBe('');
    expect(formatDate(undefined, 'table')).toBe('');
    expect(formatDate('', 'table')).toBe('');
    expect(formatDate('not a date', 'long')).toBe('');
  });
});
