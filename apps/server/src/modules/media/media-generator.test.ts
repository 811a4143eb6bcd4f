import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardSvg, renderCover, wrapText } from './media-generator';

const palette = { from: '#1d4ed8', to: '#0f766e', accent: '#38bdf8' };

describe('generated covers', () => {
  it('escapes the text it draws, so any title makes a valid image', async () => {
    const title = 'Tips & tricks: <script>alert("x")</script> for "Kigali\'s" makers';
    const svg = cardSvg(800, 400, { label: 'A & B', title }, palette);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    const meta = await sharp(await renderCover({ title }, palette)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 400 });
  });

  it('wraps long titles into a few lines, and shortens what does not fit', () => {
    expect(wrapText('Introduction to Web Development', 20)).toEqual([
      'Introduction to Web',
      'Development',
    ]);
    const lines = wrapText('one two three four five six seven eight nine ten', 9, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
  });
});
