import { messages } from '@ishuri/contract';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { useReorder } from '../../../api/lessons';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';

/**
 * Move up and Move down: real buttons (keyboard and screen readers reach them, no dragging),
 * named by the item, disabled at the ends. After a move the focus stays on the moved item's
 * button, so a keyboard user can press it again.
 */
export function MoveButtons({
  ids,
  index,
  title,
  lessonId,
  courseId,
}: {
  ids: string[];
  index: number;
  title: string;
  /** The lesson whose sub-lessons these are; none for the course's lessons. */
  lessonId?: string;
  courseId: string;
}) {
  const reorder = useReorder(courseId);
  const id = ids[index]!;
  // Where the focus goes once the moved item is drawn at its new place (moving a focused
  // element in the page drops its focus, so it is given back after that render). Set before
  // the request: the new order may be drawn before the answer's promise settles here.
  const refocus = useRef<{ at: number; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!refocus.current || refocus.current.at !== index) return;
    document.getElementById(`move-${refocus.current.direction}-${id}`)?.focus();
    refocus.current = null;
  }, [index, id]);
  const move = async (by: -1 | 1) => {
    const order = [...ids];
    order.splice(index, 1);
    order.splice(index + by, 0, id);
    // The same direction while the item can still go that way, else the other one.
    const next = index + by;
    refocus.current = {
      at: next,
      direction: by < 0 ? (next > 0 ? 'up' : 'down') : next < ids.length - 1 ? 'down' : 'up',
    };
    try {
      await reorder.mutateAsync(lessonId ? { lessonId, ids: order } : { ids: order });
      toast.success(messages.orderSaved, { toastId: 'order-saved' });
    } catch (error) {
      refocus.current = null;
      toast.error(
        error instanceof ApiError && error.status === 409
          ? messages.orderMismatch
          : messages.orderSaveFailed,
      );
    }
  };
  return (
    <>
      <Button
        id={`move-up-${id}`}
        size="sm"
        variant="ghost"
        disabled={index === 0 || reorder.isPending}
        onClick={() => void move(-1)}
        aria-label={messages.moveUpNamed(title)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
        {messages.moveUp}
      </Button>
      <Button
        id={`move-down-${id}`}
        size="sm"
        variant="ghost"
        disabled={index === ids.length - 1 || reorder.isPending}
        onClick={() => void move(1)}
        aria-label={messages.moveDownNamed(title)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
        {messages.moveDown}
      </Button>
    </>
  );
}
