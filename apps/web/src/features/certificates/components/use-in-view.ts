import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** True once the element has come near the viewport (and stays true): load what it shows then. */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  // Without IntersectionObserver (very old browsers), everything counts as seen.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
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
