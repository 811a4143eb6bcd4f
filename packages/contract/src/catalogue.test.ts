import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogueOf, parametersOf } from './catalogue';
import { helpMessages } from './help-messages';

const here = path.dirname(fileURLToPath(import.meta.url));
const locales = path.join(here, 'locales');
const read = (language: string) =>
  JSON.parse(readFileSync(path.join(locales, `${language}.json`), 'utf8')) as Record<
    string,
    string
  >;
const english = read('en');
/** The four languages of decisions.md §8; a catalogue not written yet is reported, not skipped. */
const languages = ['rw', 'fr', 'sw'];
const written = languages.filter((language) => readdirSync(locales).includes(`${language}.json`));

/** The arguments a message uses, with the kind of each (plain, plural, select…). */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, number>()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.set(element.value, element.type);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe('the catalogues', () => {
  it('en.json and parameters.json follow messages.ts (npm run catalogue -w packages/contract)', () => {
    expect(english).toEqual(catalogueOf());
    expect(JSON.parse(readFileSync(path.join(locales, 'parameters.json'), 'utf8'))).toEqual(
      parametersOf(),
    );
  });

  it('every English message parses as ICU, and plurals have an `other`', () => {
    for (const [key, message] of Object.entries(english)) {
      const parsed = parse(message);
      for (const element of parsed) {
        if (element.type === TYPE.plural) expect(element.options, key).toHaveProperty('other');
      }
    }
  });

  it('every key is used by the code (no catalogue has an unused key)', () => {
    const root = path.resolve(here, '../../..');
    const sources: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (['node_modules', 'dist', 'dist-ssr', 'locales', 'test-results'].includes(entry.name))
          continue;
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/messages\.ts$/.test(entry.name)) {
          sources.push(readFileSync(full, 'utf8'));
        }
      }
    };
    for (const part of [
      'apps/web/src',
      'apps/web/scripts',
      'apps/server/src',
      'packages/contract/src',
    ])
      walk(path.join(root, part));
    const code = sources.join('\n');
    const keys = [...new Set(Object.keys(english).map((key) => key.split('.')[0]!))];
    const unused = keys.filter((key) => !new RegExp(`\\b${key}\\b`).test(code));
    expect(unused).toEqual([]);
  });

  it.each(languages)('%s is written', (language) => {
    expect(written).toContain(language);
  });

  describe.each(written)('%s', (language) => {
    const translated = read(language);

    it('has every English key, in the same order, and no other', () => {
      expect(Object.keys(translated)).toEqual(Object.keys(english));
    });

    it('parses as ICU, with the same arguments as English (plurals with an `other`)', () => {
      for (const [key, message] of Object.entries(english)) {
        const theirs = translated[key];
        expect(typeof theirs, key).toBe('string');
        const parsed = parse(theirs!);
        expect([...argumentsOf(parsed)].sort(), key).toEqual(
          [...argumentsOf(parse(message))].sort(),
        );
        for (const element of parsed) {
          if (element.type === TYPE.plural) expect(element.options, key).toHaveProperty('other');
        }
        expect(theirs!.trim(), key).not.toBe('');
      }
    });

    it('keeps the brand', () => {
      for (const [key, message] of Object.entries(english)) {
        if (/\bIshuri\b/.test(message)) expect(translated[key], key).toMatch(/Ishuri/);
      }
    });
  });
});

describe.each(languages)('the help screen in %s (locales/help.<language>.json)', (language) => {
  const translated = read(`help.${language}`);

  it('has every sentence of help-messages.ts, in order, each written', () => {
    expect(Object.keys(translated)).toEqual(Object.keys(helpMessages));
    for (const [key, sentence] of Object.entries(translated)) {
      expect(sentence.trim(), key).not.toBe('');
      expect(sentence, key).not.toBe(helpMessages[key as keyof typeof helpMessages]);
    }
  });

  it('keeps the brand and the certificate code example', () => {
    expect(translated.intro).toMatch(/Ishuri/);
    expect(translated.verifyBody).toContain('ISH-7K2M-9QX4');
    expect(translated.verifyBody).toContain('/verify/');
  });
});
