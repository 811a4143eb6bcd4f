import { IntlMessageFormat } from 'intl-messageformat';
import type { Catalogue, Language } from './languages';
import parameters from './locales/parameters.json';
import { messages } from './messages';

export type Messages = typeof messages;

/**
 * The English catalogue as built, kept apart: a web app (and the prerender) assigns a language
 * over `messages` itself, so English is read from here.
 */
export const englishMessages: Messages = { ...messages };

/** rateLimited speaks in seconds under a minute, else in whole minutes (rounded up). */
const argumentsFor: Record<string, (args: unknown[]) => Record<string, unknown>> = {
  rateLimited: ([seconds]) => {
    const s = Number(seconds);
    return { seconds: s, minutes: s < 60 ? 0 : Math.ceil(s / 60) };
  },
};

/**
 * The catalogue in `language`, shaped like `messages` (so code calls it the same way): plain
 * sentences as they are, sentences made of values as functions that format the translation's
 * ICU message with the arguments by name (compiled on first use). A key the translation lacks
 * stays English.
 */
export function localizedMessages(language: Language, catalogue: Catalogue): Messages {
  const names = parameters as Record<string, string[]>;
  const out: Record<string, unknown> = {};
  for (const [key, english] of Object.entries(englishMessages)) {
    if (typeof english === 'string') {
      out[key] = catalogue[key] ?? english;
    } else if (Array.isArray(english)) {
      out[key] = english.map((card, index) =>
        Object.fromEntries(
          Object.entries(card).map(([field, text]) => [
            field,
            catalogue[`${key}.${index}.${field}`] ?? text,
          ]),
        ),
      );
    } else {
      const text = catalogue[key];
      if (text === undefined) {
        out[key] = english;
        continue;
      }
      let format: IntlMessageFormat | undefined;
      out[key] = (...args: unknown[]) => {
        // Marked parts ("<more>…</more>") stay in the text: the code that shows it cuts them out.
        format ??= new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
        const values =
          argumentsFor[key]?.(args) ??
          Object.fromEntries((names[key] ?? []).map((name, index) => [name, args[index]]));
        return String(format.format(values as Record<string, string>));
      };
    }
  }
  return out as Messages;
}

/**
 * English sentence → the same plain sentence in `localized`: for the sentences fixed in English
 * before a language was chosen (the contract's schemas' validation messages).
 */
export function sentenceTranslator(localized: Messages): (sentence: string) => string {
  const translated = new Map<string, string>();
  const theirs = localized as Record<string, unknown>;
  for (const [key, english] of Object.entries(englishMessages)) {
    const sentence = theirs[key];
    if (typeof english === 'string' && typeof sentence === 'string') {
      translated.set(english, sentence);
    }
  }
  return (sentence) => translated.get(sentence) ?? sentence;
}
