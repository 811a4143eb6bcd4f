import { describe, expect, it } from 'vitest';
import { piecesOf } from './tagged';

describe('piecesOf', () => {
  it('cuts a sentence at its marked parts, keeping the words between them', () => {
    expect(piecesOf('<register>Register for free</register> or <login>log in</login>.')).toEqual([
      { tag: 'register', text: 'Register for free' },
      ' or ',
      { tag: 'login', text: 'log in' },
      '.',
    ]);
    expect(piecesOf('Fungura konti <register>ku buntu</register>')).toEqual([
      'Fungura konti ',
      { tag: 'register', text: 'ku buntu' },
    ]);
  });

  it('leaves a sentence without marks whole, and a stray or unclosed mark as text', () => {
    expect(piecesOf('No marks here.')).toEqual(['No marks here.']);
    expect(piecesOf('a < b and <open>never closed')).toEqual(['a < b and <open>never closed']);
    expect(piecesOf('')).toEqual([]);
  });
});
