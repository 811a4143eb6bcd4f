import { messages } from '@ishuri/contract';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../modal';

/** The confirmation of a removal that cannot be undone: its question, then the warning. */
export function ConfirmRemoval({
  title,
  question,
  dialog,
  confirmLabel,
}: {
  title: string;
  /** The confirming button's word; "Delete" unless said. */
  confirmLabel?: string;
  /** The question naming the row, or null while no row is asked about. */
  question: ReactNode | null;
  dialog: Omit<Parameters<typeof ConfirmDialog>[0], 'title' | 'message'>;
}) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      message={
        question === null ? null : (
          <>
            <p>{question}</p>
            <p className="mt-2 font-medium">{messages.cannotBeUndone}</p>
          </>
        )
      }
      {...dialog}
    />
  );
}
