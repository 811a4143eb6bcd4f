import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { getToken } from './lib/auth';
import './index.css';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
  } else {
    // A public page's first HTML came with the page (scripts/prerender.mjs), drawn for a visitor
    // before any data. Once the page's code is loaded the app takes that markup over as it is;
    // for a signed-in user, whose navigation differs, it draws the page afresh.
    // In a transition: the work is done in short slices, so the phone stays responsive (a
    // tap is not kept waiting behind one long task) while the page is already on screen.
    const start = () =>
      startTransition(() => {
        if (getToken()) createRoot(root).render(app);
        else hydrateRoot(root, app);
      });
    if (router.state.initialized) start();
    else {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        start();
      });
    }
  }
}
