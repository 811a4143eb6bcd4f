import { AsyncLocalStorage } from 'node:async_hooks';
import { acceptedLanguages, matchLanguage, messages as english } from '@ishuri/contract';
import type { Catalogue, Language } from '@ishuri/contract';
import { localizedMessages, sentenceTranslator } from '@ishuri/contract/localize';
import type { Messages } from '@ishuri/contract/localize';
import fr from '@ishuri/contract/locales/fr.json';
import rw from '@ishuri/contract/locales/rw.json';
import sw from '@ishuri/contract/locales/sw.json';
import type { FastifyInstance } from 'fastify';

/**
 * The server speaks the reader's language (decisions.md §8): each request runs with a
 * language (the `Accept-Language` the web app sends, else English), and `messages` here is the
 * catalogue in that language; outside a request (start-up, jobs) it is English. Error codes
 * never change with the language; only sentences do.
 */
const current = new AsyncLocalStorage<{ language: Language; asked?: boolean }>();

const catalogues: Record<Exclude<Language, 'en'>, Catalogue> = { rw, fr, sw };
const built = new Map<Language, Messages>([['en', english]]);

/** The catalogue in one language (each built once). */
export function messagesIn(language: Language): Messages {
  let found = built.get(language);
  if (!found) {
    found = localizedMessages(language, catalogues[language as Exclude<Language, 'en'>]);
    built.set(language, found);
  }
  return found;
}

export const currentLanguage = (): Language => current.getStore()?.language ?? 'en';

/** The language the request asked for by its `Accept-Language`; null when it named none of ours. */
export const askedLanguage = (): Language | null => {
  const store = current.getStore();
  return store?.asked ? store.language : null;
};

/** Runs `work` speaking `language` (a job, a mail to a user who chose their language). */
export const inLanguage = <T>(language: Language, work: () => T): T =>
  current.run({ language }, work);

/**
 * Runs `work` (a mail) speaking to `user`: their account's language, else the current one (the
 * request's, or the job's).
 */
export const speakingTo = <T>(user: { language: Language | null }, work: () => T): T =>
  inLanguage(user.language ?? currentLanguage(), work);

/**
 * The signed-in reader's account has a language: the rest of the request speaks it, whatever
 * the request's `Accept-Language` (account setting, else `Accept-Language`, else English).
 */
export function speakAccountLanguage(language: Language | null) {
  const store = current.getStore();
  if (store && language) store.language = language;
}

/** The catalogue in the current request's language. */
export const messages: Messages = new Proxy(english, {
  get: (_target, key) => messagesIn(currentLanguage())[key as keyof Messages],
});

/**
 * The sentences fixed when the contract's schemas were made (validation messages) are English:
 * one is given in the current language by finding its key.
 */
const translators = new Map<Language, (sentence: string) => string>();
export function localizeSentence(sentence: string): string {
  const language = currentLanguage();
  if (language === 'en') return sentence;
  let translate = translators.get(language);
  if (!translate) {
    translate = sentenceTranslator(messagesIn(language));
    translators.set(language, translate);
  }
  return translate(sentence);
}

/** Each request runs in the language its reader asks for (Accept-Language, else English). */
export function speakTheReadersLanguage(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'];
    const asked = matchLanguage(acceptedLanguages(typeof header === 'string' ? header : ''));
    current.run({ language: asked ?? 'en', asked: asked !== null }, done);
  });
}
