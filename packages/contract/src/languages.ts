/**
 * The product's languages (decisions.md §8): Rwanda's official languages. `en` is the
 * catalogue of product.md (messages.ts); the others are translations of it (src/locales).
 */
export const languages = ['rw', 'en', 'fr', 'sw'] as const;
export type Language = (typeof languages)[number];

/** A translation: key → ICU message (src/locales/<language>.json). */
export type Catalogue = Record<string, string>;

/** Each language in its own words, as a switcher shows it (never translated). */
export const languageNames: Record<Language, string> = {
  rw: 'Ikinyarwanda',
  en: 'English',
  fr: 'Français',
  sw: 'Kiswahili',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The first of a reader's preferred languages (most preferred first, BCP 47 tags such as
 * `fr-RW`) that the product speaks, by its primary subtag; null when none.
 */
export function matchLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The first of a reader's preferred languages that the product speaks; English when none. */
export const pickLanguage = (preferred: readonly string[]): Language =>
  matchLanguage(preferred) ?? 'en';

/** The tags of an Accept-Language header, most preferred first (by `q`, then by order). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
