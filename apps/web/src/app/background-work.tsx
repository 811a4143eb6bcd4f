import { AccountLanguage } from './account-language';
import { OfflineSync } from './offline-sync';

/**
 * Work without anything on screen: the offline app's side (the service worker, waiting
 * progress) and the account's language. One file, loaded after the first page's code.
 */
export default function BackgroundWork() {
  return (
    <>
      <OfflineSync />
      <AccountLanguage />
    </>
  );
}
