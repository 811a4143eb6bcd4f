import { isLanguage, messages, pickLanguage } from '@ishuri/contract';
import type { Catalogue, Language } from '@ishuri/contract';
import { readStored, writeStored } from './preferences';

/**
 * The language of the interface (decisions.md §8). Chosen at first from the browser's
 * languages, then by the reader (navbar, Settings), kept on this device. English is the
 * catalogue built into the app; another language's catalogue (and the ICU formatter) is
 * fetched only when chosen, before the first screen is drawn, and replaces the sentences of
 * `messages` in place, so every screen reads it as it reads English.
 */
export const LANGUAGE_KEY = 'ishuri.language';
/** Set to '1' on a device (by the end-to-end tests only): the pseudo-locale (issue 32, point 5). */
const PSEUDO_LOCALE_KEY = 'ishuri.pseudo-locale';

let current: Language = 'en';
/** English sentence → the same sentence in the current language (see `translateSentence`). */
let translate = (sentence: string) => sentence;

/** The language the app speaks now. */
export const currentLanguage = () => current;

/** The language dates and numbers are written in (set with the sentences; the prerender too). */
export function setCurrentLanguage(language: Language) {
  current = language;
}

/** The reader's choice on this device, else the first of the browser's languages we speak. */
export function chosenLanguage(): Language {
  const stored = readStored(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return pickLanguage(preferred.length > 0 ? preferred : [navigator.language ?? 'en']);
}

const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  rw: () => import('@ishuri/contract/locales/rw.json'),
  fr: () => import('@ishuri/contract/locales/fr.json'),
  sw: () => import('@ishuri/contract/locales/sw.json'),
};

/** Loads and applies a language (before the app is drawn); English where that fails. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language !== 'en') {
    try {
      const [{ localizedMessages, sentenceTranslator }, catalogue] = await Promise.all([
        import('@ishuri/contract/localize'),
        catalogues[language](),
      ]);
      const localized = localizedMessages(language, catalogue.default);
      Object.assign(messages, localized);
      translate = sentenceTranslator(localized);
    } catch {
      language = 'en';
    }
  }
  setCurrentLanguage(language);
  document.documentElement.lang = language;
  if (readStored(PSEUDO_LOCALE_KEY) === '1') await applyPseudoLocale();
}

/** The test-only pseudo-locale (lib/pseudo-locale.ts), over the language just applied. */
async function applyPseudoLocale() {
  // Every sentence, the ones the public pages do not draw too (build/catalogue-split.ts).
  const [{ pseudoMessages, pseudoSentence }] = await Promise.all([
    import('./pseudo-locale'),
    import('./whole-catalogue'),
  ]);
  const english = translate;
  Object.assign(messages, pseudoMessages({ ...messages }));
  translate = (sentence) => pseudoSentence(english(sentence));
}

/**
 * A screen's own catalogue (the help screen's, loaded with it) in the pseudo-locale when that is
 * on, as `messages` is: sentence by sentence, in place.
 */
export async function pseudoLocalize(sentences: Readonly<Record<string, string>>): Promise<void> {
  if (readStored(PSEUDO_LOCALE_KEY) !== '1') return;
  const { pseudoSentence } = await import('./pseudo-locale');
  const pseudo = Object.entries(sentences).map(([key, sentence]) => [
    key,
    pseudoSentence(sentence),
  ]);
  Object.assign(sentences, Object.fromEntries(pseudo));
}

/** The reader chose a language: kept, and the app drawn again in it. */
export function chooseLanguage(language: Language) {
  writeStored(LANGUAGE_KEY, language);
  window.location.reload();
}

/**
 * A sentence fixed in English before the language was applied (the contract's schemas' form
 * validation messages) in the current language.
 */
export const translateSentence = (sentence: string): string => translate(sentence);
