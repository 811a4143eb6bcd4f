import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { NavigateOptions, To } from 'react-router';

/**
 * Navigates after a delay (the product's "go to /login after 3 s"); the timer is dropped when
 * the screen goes away first, and `pending` tells the screen to keep its form disabled.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: To, delayMs: number, options?: NavigateOptions) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(to, options), delayMs);
    },
    [navigate],
  );
}
