import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/api-client';

interface Options<T> {
  /** Runs the delete (a mutation's `mutateAsync`); its answer may carry a `message`. */
  run: (target: T) => Promise<{ message?: string } | undefined>;
  /** The toast after a delete, when the server says nothing. */
  success: string;
  /** The toast after a failure, when the server says nothing. */
  failure: string;
  /** After a delete (e.g. leave a detail screen). */
  onDeleted?: (target: T) => void | Promise<void>;
  /** The toasts are these sentences whatever the server says. */
  fixed?: boolean;
}

/**
 * A delete behind a confirmation: `ask(row)` opens the dialog, `dialog` is spread into
 * `<ConfirmDialog>`; the mutation refreshes the list before the dialog closes.
 */
export function useConfirmedDelete<T>({
  run,
  success,
  failure,
  onDeleted,
  fixed = false,
}: Options<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((row: T) => setTarget(() => row), []);

  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      const answer = await run(target);
      setTarget(null);
      toast.success(fixed ? success : (answer?.message ?? success));
      await onDeleted?.(target);
    } catch (error) {
      setTarget(null);
      toast.error(fixed ? failure : errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  return {
    target,
    ask,
    dialog: {
      open: target !== null,
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => {
        if (!busy) setTarget(null);
      },
    },
  };
}
