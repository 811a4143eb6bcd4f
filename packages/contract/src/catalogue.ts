import { messages } from './messages';

/**
 * Messages whose English chooses words by a number: their ICU form, written by hand (the
 * function in messages.ts is the same sentence for English).
 */
const plurals: Record<string, string> = {
  wrongCode:
    'That code is not right. You have {triesLeft, plural, one {# try} other {# tries}} left.',
  rateLimited:
    'Too many attempts. Please try again in {minutes, plural, =0 {{seconds, plural, one {# second} other {# seconds}}} one {# minute} other {# minutes}}.',
};

/** The parameter names of a message function, from its source (`(title, count) => …`). */
export function parameters(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const list = source.trimStart().startsWith('(')
    ? source.slice(source.indexOf('(') + 1, source.indexOf(')'))
    : source.slice(0, source.indexOf('=>'));
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * The English catalogue as ICU MessageFormat: key → message. Lists of cards become one key per
 * field (`explainerCards.0.title`).
 */
export function catalogueOf(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[key] = value;
    else if (Array.isArray(value)) {
      value.forEach((card, index) => {
        for (const [field, text] of Object.entries(card as Record<string, string>)) {
          out[`${key}.${index}.${field}`] = text;
        }
      });
    } else if (key in plurals) out[key] = plurals[key]!;
    else {
      const fn = value as (...args: string[]) => string;
      out[key] = fn(...parameters(fn).map((name) => `{${name}}`));
    }
  }
  return out;
}

/**
 * For each message made by a function, its parameters' names in order: a translation (ICU,
 * named arguments) is given the function's arguments by these names. Written beside en.json
 * because a built app's functions no longer have their names.
 */
export function parametersOf(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'function') out[key] = parameters(value as (...args: never[]) => unknown);
  }
  return out;
}
