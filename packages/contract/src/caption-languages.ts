import { messages } from './messages';

/**
 * The languages of lesson videos' captions and their names: what the player shows. Apart from
 * the captions' schemas and endpoints (captions.ts), so that a page which only shows captions
 * loads neither zod nor the endpoint definitions.
 */

/** The languages a video's captions may be in (the product's languages), sorted by code. */
export const captionLanguages = ['en', 'fr', 'rw', 'sw'] as const;
export type CaptionLanguage = (typeof captionLanguages)[number];

/** Each language's name, as the forms and the player show it. */
export const captionLanguageNames: Record<CaptionLanguage, string> = {
  en: messages.english,
  fr: messages.french,
  rw: messages.kinyarwanda,
  sw: messages.swahili,
};
