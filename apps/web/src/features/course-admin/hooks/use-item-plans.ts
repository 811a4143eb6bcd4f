import { messages } from '@ishuri/contract';
import type { Lesson, SubLesson } from '@ishuri/contract';
import {
  useCreateLesson,
  useCreateSubLesson,
  useUpdateLesson,
  useUpdateSubLesson,
} from '../../../api/lessons';
import type { ItemInput } from '../../../api/lessons';

/** What the item dialog is open for: a new lesson or sub-lesson, or changes to one. */
export type ItemTarget =
  | { action: 'add-lesson' }
  | { action: 'add-sub-lesson'; lesson: Lesson }
  | { action: 'edit-lesson'; item: Lesson }
  | { action: 'edit-sub-lesson'; item: SubLesson };

interface ItemPlan {
  kind: 'lesson' | 'sub-lesson';
  /** The dialog's title. */
  title: string;
  /** Where the form's unsaved text is kept on this device (use-item-draft.ts). */
  draftKey: string;
  /** The item edited, which the form starts from. */
  initial?: Lesson | SubLesson;
  submit: (input: ItemInput) => Promise<unknown>;
  /** The toast once it is saved. */
  saved: string;
}

/** For each target of the item dialog: its title, its draft, what it sends, and what it says. */
export function useItemPlans(courseId: string): (target: ItemTarget) => ItemPlan {
  const createLesson = useCreateLesson(courseId);
  const createSubLesson = useCreateSubLesson(courseId);
  const updateLesson = useUpdateLesson(courseId);
  const updateSubLesson = useUpdateSubLesson(courseId);
  return (target) => {
    switch (target.action) {
      case 'add-lesson':
        return {
          kind: 'lesson',
          title: messages.addALesson,
          draftKey: `${courseId}:new-lesson`,
          submit: (input) => createLesson.mutateAsync(input),
          saved: messages.lessonCreated,
        };
      case 'add-sub-lesson':
        return {
          kind: 'sub-lesson',
          title: messages.addASubLessonTo(`“${target.lesson.title}”`),
          draftKey: `${courseId}:new-sub-lesson:${target.lesson.id}`,
          submit: (input) => createSubLesson.mutateAsync({ ...input, lessonId: target.lesson.id }),
          saved: messages.subLessonCreated,
        };
      case 'edit-lesson':
      case 'edit-sub-lesson': {
        const isLesson = target.action === 'edit-lesson';
        const update = isLesson ? updateLesson : updateSubLesson;
        return {
          kind: isLesson ? 'lesson' : 'sub-lesson',
          title: messages.editNamed(target.item.title),
          draftKey: `${courseId}:${target.item.id}`,
          initial: target.item,
          submit: (input) => update.mutateAsync({ ...input, id: target.item.id }),
          saved: isLesson ? messages.lessonUpdated : messages.subLessonUpdated,
        };
      }
    }
  };
}
