import { useCallback, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { useLocation } from 'react-router';

/** Open state that closes by itself on navigation (it belongs to one location). */
export function useMenuState() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback(
    (value: boolean) => setOpenAt(value ? location.key : null),
    [location.key],
  );
  return [openAt === location.key, setOpen] as const;
}

/** Closes an open menu on Escape (focus goes back to its button) or on a click outside. */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, container, button]);
}
