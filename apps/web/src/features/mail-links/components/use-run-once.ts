import { useEffect, useRef } from 'react';

/** Runs `run` once when the page opens (not again on React's development re-mount). */
export function useRunOnce(run: () => void): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);
}
