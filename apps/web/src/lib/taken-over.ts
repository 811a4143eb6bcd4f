import { useDeferredValue } from 'react';

/**
 * False while a page is its prerendered HTML (and during the render that hydrates it), true
 * once the app runs it. A form's submit button stays disabled until then: a tap on the
 * prerendered page would be lost (nothing listens yet), and a disabled button says so.
 *
 * The first render (the prerender, the hydration, a screen drawn afresh) gives false; React
 * draws the component again with true in the background, in short slices, once that render is
 * on screen. (A store whose server value differs from the browser's, which this was, makes
 * React draw again synchronously, in one task, right after the hydration.)
 */
export function useTakenOver(): boolean {
  return useDeferredValue(true, false);
}

// In the entry's module (with the navigation bar's hook above), not a file of its own: every
// page that reads data uses it, and a small file of its own is one more request for each.

/**
 * Whether a page may draw the content its reads brought: false in the render where the last
 * of them arrives, true in the render React does next, in the background.
 *
 * A read's answer reaches React through a store (TanStack Query's `useSyncExternalStore`), and
 * React draws what a store changed at once, in one task: a course's whole page (its curriculum,
 * its pictures, the code of what it shows below) kept a phone's main thread busy for hundreds
 * of milliseconds. Drawn from a deferred value, the same page is a transition: React builds it
 * in short slices, the reader can scroll and tap between them, and the spinner stays until the
 * page is ready to be shown.
 */
export function useBackgroundDraw(ready: boolean): boolean {
  return useDeferredValue(ready) && ready;
}
