import { useEffect, useState } from 'react';

/**
 * Runs `work` in a task of its own, after the current one (a cleanup that cancels it is
 * returned: an effect's). For what an effect starts that can wait a moment: the effects of a
 * page's first draw all run in one task, and on a phone each few milliseconds of it is felt
 * (Lighthouse counts a task's time over 50 ms as blocking).
 */
export function later(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/** Resolves in a later task: the browser may handle input and paint in between. */
export const nextTask = () => new Promise<void>((resolve) => later(resolve));

/**
 * False, then true in a task of its own once `drawn` is (and the draw is committed): for what
 * comes below a page's content and is asked for once that content is on screen, not while it
 * is drawn (its request would share the network with the content, and a lazy module's fallback
 * would make React hold the content back).
 */
export function useAfterDraw(drawn = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => (drawn ? later(() => setAfter(true)) : undefined), [drawn]);
  return after;
}
