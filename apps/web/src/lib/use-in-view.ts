import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true): load what
 * it shows then. False on the first render everywhere, the prerendered HTML included, so that
 * the app takes that HTML over as it is.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
