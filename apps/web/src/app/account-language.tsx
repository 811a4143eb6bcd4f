import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileOptions } from '../api/session';

/**
 * Watches the profile the session check reads (never reads it itself) and settles the language
 * each time it arrives for another user or with another language.
 */
export function AccountLanguage() {
  const profile = useQuery({ ...profileOptions(), enabled: false });
  const userId = profile.data?.id;
  const language = profile.data?.language;
  useEffect(() => {
    if (userId === undefined || language === undefined) return;
    // Loaded for a signed-in user only, not with every visitor's page.
    void import('../lib/account-language').then(({ settleLanguage }) =>
      settleLanguage(userId, language),
    );
  }, [userId, language]);
  return null;
}
