import { isLanguage } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';
import { userApi } from '@ishuri/contract/routes';
import { call } from './api-client';
import { chosenLanguage, LANGUAGE_KEY } from './language';
import { readStored, writeStored } from './preferences';

/**
 * The language on the account (decisions.md §8) and the language on this device agree: a
 * signed-in reader's choice is saved on their account (so mails and certificates speak it), and
 * the account's language, once known (at sign-in, or chosen on another device), becomes this
 * device's. A choice made while the account could not be reached (offline) waits here, under
 * its user, and is saved the next time the profile is read.
 */
const UNSAVED_KEY = 'ishuri.languageUnsaved';

/** Saves `language` on the signed-in account; kept to be saved later when that fails. */
export async function saveAccountLanguage(userId: string, language: Language): Promise<void> {
  try {
    await call(userApi.setLanguage, { body: { language } });
    writeStored(UNSAVED_KEY, null);
  } catch {
    writeStored(UNSAVED_KEY, `${userId}:${language}`);
  }
}

/** Brings the account and the device to one language, given the account's (null: none yet). */
export async function settleLanguage(userId: string, accountLanguage: Language | null) {
  const [unsavedUser, unsaved] = (readStored(UNSAVED_KEY) ?? '').split(':');
  if (unsavedUser === userId && isLanguage(unsaved)) {
    if (unsaved !== accountLanguage) await saveAccountLanguage(userId, unsaved);
    else writeStored(UNSAVED_KEY, null);
    return;
  }
  const device = chosenLanguage();
  if (accountLanguage === null) await saveAccountLanguage(userId, device);
  else if (accountLanguage !== device) {
    writeStored(LANGUAGE_KEY, accountLanguage);
    window.location.reload();
  }
}
