import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { closeEarlyReads } from './lib/api-client';
import { getToken } from './lib/auth';
import { nextTask } from './lib/later';
import { applyLanguage, chosenLanguage } from './lib/language';
import './index.css';

/** Draws the app, in the reader's language (its catalogue fetched first when not English). */
async function start(root: HTMLElement) {
  // The language of the page's first HTML (the server's choice), before the app sets its own.
  const drawnIn = document.documentElement.lang;
  const language = chosenLanguage();
  const languageApplied = applyLanguage(language);
  // The router in a task of its own, after the one that ran the app's code (React's, the
  // router's, ours): two shorter tasks instead of one, and a reader's tap can come in between.
  // It starts loading the page's code at once, while the language's catalogue comes.
  await nextTask();
  const router = createAppRouter();
  await languageApplied;
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // The first page's loader starts its read (readEarly); later pages read for themselves.
  onceStarted(router, closeEarlyReads);
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
    return;
  }
  // A public page's first HTML came with the page (scripts/prerender.mjs), drawn for a visitor
  // before any data, in the browser's language. Once the page's code is loaded the app takes
  // that markup over as it is; for a signed-in user, whose navigation differs, or a reader who
  // chose another language on this device, it draws the page afresh.
  // In a transition: React takes the page over in short slices, yielding to the reader's input
  // between them, instead of in one long task.
  // After the page's first HTML is on screen: where the code is already there when the HTML is
  // parsed (a cached visit), taking over before the first paint would keep the text off screen
  // for the time the work takes. A hidden tab paints nothing: it takes over at once.
  const takeOver = () =>
    afterFirstPaint(() =>
      startTransition(() => {
        if (getToken() || drawnIn !== language) createRoot(root).render(app);
        else hydrateRoot(root, app);
      }),
    );
  onceStarted(router, takeOver);
}

/** Runs `work` once the router has loaded the first page (its code, its loaders). */
function onceStarted(router: ReturnType<typeof createAppRouter>, work: () => void) {
  if (router.state.initialized) return work();
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    work();
  });
}

/** Runs `work` once the browser has painted the next frame (at once in a hidden tab). */
function afterFirstPaint(work: () => void) {
  if (document.visibilityState === 'hidden') return work();
  requestAnimationFrame(() => setTimeout(work, 0));
}

const root = document.getElementById('root');
if (root) void start(root);
