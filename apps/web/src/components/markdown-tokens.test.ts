import { describe, expect, it } from 'vitest';
import { tokensOf } from './markdown-tokens';

describe('the tokens of a text (read in a worker in the browser; here, with none, on the page)', () => {
  it('reads a text once: the same text gets the same promise, and its tokens', async () => {
    const first = tokensOf('# Water\n\nIt is **wet**.');
    expect(tokensOf('# Water\n\nIt is **wet**.')).toBe(first);
    const tokens = (await first)!;
    expect(tokens.map((token) => token.type)).toEqual(['heading', 'space', 'paragraph']);
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 1, text: 'Water' });
    expect(tokens[2]).toMatchObject({ type: 'paragraph', text: 'It is **wet**.' });
  });

  it('keeps the last 100 texts: an older one is read again', async () => {
    const oldest = tokensOf('oldest text');
    for (let index = 0; index < 100; index += 1) void tokensOf(`text ${index}`);
    expect(tokensOf('text 99')).toBe(tokensOf('text 99'));
    const again = tokensOf('oldest text');
    expect(again).not.toBe(oldest);
    expect((await again)![0]).toMatchObject({ type: 'paragraph', text: 'oldest text' });
  });
});
