import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLanguage } from './languages';
import { localizedMessages, sentenceTranslator } from './localize';
import { messages } from './messages';

describe('a translated catalogue', () => {
  const fr = localizedMessages('fr', {
    logout: 'Déconnexion',
    videoLength: 'Durée {length}',
    wrongCode:
      "Ce code n'est pas le bon. Il vous reste {triesLeft, plural, one {# essai} other {# essais}}.",
    rateLimited:
      'Trop de tentatives. Réessayez dans {minutes, plural, =0 {{seconds, plural, one {# seconde} other {# secondes}}} one {# minute} other {# minutes}}.',
    progressRefused: 'Votre progression sur « {item} » ({course}) a été refusée : {reason}',
    'explainerCards.1.title': 'Des leçons dans un ordre clair',
  });

  it('is called as the English is: sentences, and functions of values by position', () => {
    expect(fr.logout).toBe('Déconnexion');
    expect(fr.videoLength('4:05')).toBe('Durée 4:05');
    expect(fr.progressRefused('Leçon 2', 'Budget', 'hors ordre')).toBe(
      'Votre progression sur « Leçon 2 » (Budget) a été refusée : hors ordre',
    );
    expect(fr.explainerCards[1]!.title).toBe('Des leçons dans un ordre clair');
  });

  it('chooses words by number in the language’s plural rules (French: 0 and 1 are one)', () => {
    expect(fr.wrongCode(1)).toBe("Ce code n'est pas le bon. Il vous reste 1 essai.");
    expect(fr.wrongCode(0)).toBe("Ce code n'est pas le bon. Il vous reste 0 essai.");
    expect(fr.wrongCode(3)).toBe("Ce code n'est pas le bon. Il vous reste 3 essais.");
    expect(fr.rateLimited(59)).toBe('Trop de tentatives. Réessayez dans 59 secondes.');
    expect(fr.rateLimited(61)).toBe('Trop de tentatives. Réessayez dans 2 minutes.');
    expect(fr.rateLimited(60)).toBe('Trop de tentatives. Réessayez dans 1 minute.');
  });

  it('finds a sentence fixed in English in the translation, and leaves others as they are', () => {
    const translate = sentenceTranslator(fr);
    expect(translate('Logout')).toBe('Déconnexion');
    expect(translate('Mark Complete')).toBe('Mark Complete');
    expect(translate('Not a sentence of the catalogue.')).toBe('Not a sentence of the catalogue.');
  });

  it('keeps English where a translation lacks a key', () => {
    expect(fr.markComplete).toBe('Mark Complete');
    expect(fr.itemsDone(2, 5)).toBe(messages.itemsDone(2, 5));
    expect(fr.explainerCards[0]!.title).toBe('Learn new skills online');
  });
});

describe('the reader’s language', () => {
  it('is the first preferred one the product speaks, by primary subtag; else English', () => {
    expect(pickLanguage(['rw-RW', 'en'])).toBe('rw');
    expect(pickLanguage(['de-DE', 'FR-rw'])).toBe('fr');
    expect(pickLanguage(['sw_KE'])).toBe('sw');
    expect(pickLanguage(['de', 'zh'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads Accept-Language by weight, then order', () => {
    expect(acceptedLanguages('en;q=0.5, rw, fr;q=0.8')).toEqual(['rw', 'fr', 'en']);
    expect(acceptedLanguages('*, sw;q=0')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLanguage(acceptedLanguages('de-CH, fr;q=0.9, en;q=0.8'))).toBe('fr');
  });
});
