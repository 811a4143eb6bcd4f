import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a page is its prerendered HTML (and during the render that hydrates it), true
 * once the app runs it. A form's submit button stays disabled until then: a tap on the
 * prerendered page would be lost (nothing listens yet), and a disabled button says so.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
