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
