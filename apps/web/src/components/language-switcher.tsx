import { languageNames, languages, messages } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../lib/cn';
import { saveAccountLanguage } from '../lib/account-language';
import { isExpired, useSession } from '../lib/auth';
import { chooseLanguage, currentLanguage } from '../lib/language';

/**
 * The language switcher: each language named in its own words. Choosing one keeps it on this
 * device (and on the account of whoever is signed in) and draws the app again in it.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const id = useId();
  const session = useSession();
  const choose = async (language: Language) => {
    if (session && !isExpired(session)) await saveAccountLanguage(session.id, language);
    chooseLanguage(language);
  };
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Languages className="size-5 shrink-0 text-slate-600" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {messages.language}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void choose(event.target.value as Language)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-blue-700"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
