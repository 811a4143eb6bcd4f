import type { Messages } from '@ishuri/contract/localize';

/**
 * The pseudo-locale (issue 32, point 5): every sentence of the catalogue accented and put in
 * brackets ("Hello" → "[Ĥéļļö]"), so that a screen's text not taken from the catalogue shows
 * plainly (the end-to-end scan, e2e/languages-pseudo.spec.ts, fails on it). For tests only:
 * switched on by a value on the device (`ishuri.pseudo-locale`, lib/language.ts), never offered
 * to users. The values a sentence is
 * made with (a title, a name) are left as they are.
 */
const accents: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  w: 'ŵ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  W: 'Ŵ',
  Y: 'Ý',
  Z: 'Ž',
};

const accent = (text: string) => text.replace(/[A-Za-z]/g, (letter) => accents[letter] ?? letter);

/** One sentence in the pseudo-locale; the `kept` values inside it stay as they are. */
export function pseudoSentence(sentence: string, kept: readonly string[] = []): string {
  const values = [...new Set(kept.filter((value) => value !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  let parts = [sentence];
  for (const value of values) {
    parts = parts.flatMap((part, index) =>
      index % 2 === 1
        ? [part]
        : part.split(value).flatMap((piece, i) => (i === 0 ? [piece] : [value, piece])),
    );
  }
  return `[${parts.map((part, index) => (index % 2 === 1 ? part : accent(part))).join('')}]`;
}

/** The whole catalogue in the pseudo-locale, shaped like `messages`. */
export function pseudoMessages(source: Messages): Messages {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') out[key] = pseudoSentence(value);
    else if (Array.isArray(value)) {
      out[key] = value.map((card) =>
        Object.fromEntries(
          Object.entries(card as Record<string, string>).map(([field, text]) => [
            field,
            pseudoSentence(text),
          ]),
        ),
      );
    } else {
      const fn = value as (...args: unknown[]) => string;
      out[key] = (...args: unknown[]) =>
        pseudoSentence(
          fn(...args),
          args.filter((arg) => typeof arg === 'string' || typeof arg === 'number').map(String),
        );
    }
  }
  return out as Messages;
}
