import { describe, expect, it } from 'vitest';
import { catalogueUse, splitCatalogue } from './catalogue-split';

const catalogue = `/** Every sentence. */
export const messages = {
  // The frame
  home: 'Home',
  // A public page
  welcome: 'Welcome to Ishuri',
  greet: (name: string) => \`Hello \${name}\`,
  // A dashboard
  cards: [{ title: 'One' }],
  saved: 'Saved.',
} as const;

export type MessageKey = keyof typeof messages;
`;

describe('catalogueUse', () => {
  it('lists the sentences a module names, under the name it imports the catalogue by', () => {
    const code = `import { messages as m, other } from '@ishuri/contract';
      const title = m.welcome; const o = { messages: 1 }; other.messages; f(m.greet('Ana'));`;
    expect(catalogueUse(code)).toEqual(new Set(['welcome', 'greet']));
  });

  it('reads a module that uses the catalogue as a whole (a spread, a computed key) as whole', () => {
    expect(catalogueUse(`import { messages } from '@ishuri/contract'; f({ ...messages });`)).toBe(
      'whole',
    );
    expect(catalogueUse(`import { messages } from './messages'; messages[key];`)).toBe('whole');
  });

  it('ignores a module that does not import the catalogue', () => {
    expect(catalogueUse(`const messages = { a: 1 }; messages.a;`)).toBeNull();
  });
});

describe('splitCatalogue', () => {
  const parts = { home: 0, welcome: 1, greet: 1, cards: 2, saved: 2 } as const;
  const split = splitCatalogue(catalogue, (key) => parts[key as keyof typeof parts])!;

  it('keeps the frame’s sentences in the file, the others out', () => {
    expect(split.first).toContain(`home: 'Home',`);
    expect(split.first).not.toContain('Welcome to Ishuri');
    expect(split.first).not.toContain('Saved.');
    expect(split.first).toContain('export type MessageKey');
  });

  it('gives every moved sentence as written, for the whole catalogue and the modules that show it', () => {
    expect(split.rest).toEqual([
      `welcome: 'Welcome to Ishuri'`,
      'greet: (name: string) => `Hello ${name}`',
      `cards: [{ title: 'One' }]`,
      `saved: 'Saved.'`,
    ]);
    expect(split.values.get('greet')).toBe('(name: string) => `Hello ${name}`');
  });

  it('splits nothing when the file holds more than the catalogue (a helper it would leave behind)', () => {
    expect(splitCatalogue(`const x = 1;\n${catalogue}`, () => 2)).toBeNull();
  });
});
