import { useEffect, useRef, useState } from 'react';
import { readStored, writeStored } from '../../../lib/preferences';

/** The typed texts of a lesson or sub-lesson form. */
export interface ItemDraft {
  title: string;
  description: string;
  content: string;
}

const PREFIX = 'ishuri.item-draft.';
/** How long typing rests before the draft is written. */
const WRITE_AFTER_MS = 400;

function readDraft(key: string): ItemDraft | null {
  const stored = readStored(PREFIX + key);
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<ItemDraft>;
    if ([value.title, value.description, value.content].every((v) => typeof v === 'string')) {
      return value as ItemDraft;
    }
  } catch {
    // A damaged draft is dropped below.
  }
  writeStored(PREFIX + key, null);
  return null;
}

const same = (a: ItemDraft, b: ItemDraft) =>
  a.title === b.title && a.description === b.description && a.content === b.content;

/**
 * A lesson's text survives a reload (issue 32, point 2): what is typed in the form is kept on
 * this device under the course and the item (`key`), as the typing rests, and given back when
 * the form opens again (`restored`); saving the item or discarding the draft drops it. Nothing
 * leaves the device. Storage refused (private mode, full) keeps nothing, silently.
 */
export function useItemDraft(key: string | undefined, saved: ItemDraft, current: ItemDraft) {
  // Read once, when the form opens.
  const [restored, setRestored] = useState<ItemDraft | null>(() => (key ? readDraft(key) : null));
  const timer = useRef<number | undefined>(undefined);
  const { title, description, content } = current;
  const unchanged = same(current, saved);
  useEffect(() => {
    if (!key) return;
    timer.current = window.setTimeout(() => {
      const draft = { title, description, content };
      writeStored(PREFIX + key, unchanged ? null : JSON.stringify(draft));
    }, WRITE_AFTER_MS);
    return () => window.clearTimeout(timer.current);
  }, [key, title, description, content, unchanged]);
  return {
    restored,
    /** The item was saved, or the draft discarded: forget it. */
    clear: () => {
      window.clearTimeout(timer.current);
      if (key) writeStored(PREFIX + key, null);
      setRestored(null);
    },
  };
}
