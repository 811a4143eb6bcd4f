import { messages } from '@ishuri/contract';
import { Pencil, Trash2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { MoveButtons } from './move-buttons';

/**
 * The buttons of a lesson or a sub-lesson in the course's list: move it up or down, edit it,
 * then whatever the item adds (`children`), and delete it last. Each is named by the item.
 */
export function ItemActions({
  move,
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  children,
}: {
  move: ComponentProps<typeof MoveButtons>;
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <MoveButtons {...move} />
      <Button size="sm" variant="ghost" onClick={onEdit} aria-label={editLabel}>
        <Pencil className="size-4" aria-hidden="true" />
        {messages.edit}
      </Button>
      {children}
      <Button
        size="sm"
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={deleteLabel}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {messages.delete2}
      </Button>
    </div>
  );
}
