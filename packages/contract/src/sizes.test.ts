import { describe, expect, it } from 'vitest';
import { formatDuration, formatSize } from './sizes';

describe('formatSize', () => {
  it('writes KB below a megabyte, MB and GB with one decimal at most', () => {
    const cases: [number, string][] = [
      [0, '0 KB'],
      [300, '1 KB'],
      [100 * 1024, '100 KB'],
      [1024 * 1024, '1 MB'],
      [4_300_000, '4.1 MB'],
      [2 * 1024 * 1024 * 1024, '2 GB'],
    ];
    for (const [bytes, expected] of cases) expect(formatSize(bytes)).toBe(expected);
  });

  it('writes the units and the decimal sign of the reader’s language', () => {
    expect(formatSize(4_300_000, 'fr')).toBe('4,1 Mo');
    expect(formatSize(100 * 1024, 'fr')).toBe('100 Ko');
    expect(formatSize(2 * 1024 * 1024 * 1024, 'fr')).toBe('2 Go');
    expect(formatSize(4_300_000, 'rw')).toBe('4,1 MB');
    expect(formatSize(4_300_000, 'sw')).toBe('4.1 MB');
    expect(formatSize(100 * 1024, 'sw')).toBe('100 KB');
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours when there are some', () => {
    const cases: [number, string][] = [
      [0, '0:00'],
      [42.4, '0:42'],
      [59.6, '1:00'],
      [725, '12:05'],
      [3729, '1:02:09'],
    ];
    for (const [seconds, expected] of cases) expect(formatDuration(seconds)).toBe(expected);
  });
});
