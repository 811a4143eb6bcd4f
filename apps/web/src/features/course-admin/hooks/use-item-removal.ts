import { messages } from '@ishuri/contract';
import type { Lesson, SubLesson } from '@ishuri/contract';
import { useDeleteLesson, useDeleteSubLesson } from '../../../api/lessons';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

/** A lesson or a sub-lesson asked to be deleted. */
export type Removing = { kind: 'lesson'; item: Lesson } | { kind: 'sub-lesson'; item: SubLesson };

/** Deleting a lesson (with its sub-lessons) or a sub-lesson, once the dialog is confirmed. */
export function useItemRemoval(courseId: string) {
  const deleteLesson = useDeleteLesson(courseId);
  const deleteSubLesson = useDeleteSubLesson(courseId);
  return useConfirmedDelete<Removing>({
    run: (target) =>
      target.kind === 'lesson'
        ? deleteLesson.mutateAsync(target.item.id)
        : deleteSubLesson.mutateAsync(target.item.id),
    success: messages.lessonDeleted,
    failure: messages.deleteFailed,
  });
}
