import { describe, expect, it } from 'vitest';
import { smallImageUrlOf } from './images';

describe('smallImageUrlOf', () => {
  it('names the small copy beside a stored image', () => {
    expect(smallImageUrlOf('/uploads/images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp')).toBe(
      '/uploads/images/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.small.webp',
    );
    expect(smallImageUrlOf('/uploads/images/demo-course-kinyarwanda.webp')).toBe(
      '/uploads/images/demo-course-kinyarwanda.small.webp',
    );
  });

  it('has none for anything else', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/uploads/images/a.small.webp',
      '/uploads/images/a.png',
      '/uploads/videos/a.webp',
      '/uploads/images/../videos/a.webp',
      '/uploads/images/a.webp?exp=1&sig=x',
      'https://example.com/uploads/images/a.webp',
    ]) {
      expect(smallImageUrlOf(url)).toBeNull();
    }
  });
});
