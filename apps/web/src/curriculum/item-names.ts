import { messages } from '@ishuri/contract';
import type { ContentType } from '@ishuri/contract';
import { FileText, ListChecks, PlayCircle, Video } from 'lucide-react';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** How a kind of item is named and drawn in lists (its open view is in item-kinds.tsx). */
export interface ItemName {
  /** The kind as the course page names it ("Text lesson"). */
  label: string;
  /** Its icon in the outline and on the course page. */
  Icon: Icon;
  /** Its icon in the course manager's badge. */
  BadgeIcon: Icon;
}

/**
 * The names and icons of the kinds of items, apart from their views: the course page lists the
 * items and loads none of their readers (issue 30, point 3).
 */
export const itemNames: Record<ContentType, ItemName> = {
  text: {
    get label() {
      return messages.textLesson;
    },
    Icon: FileText,
    BadgeIcon: FileText,
  },
  video: {
    get label() {
      return messages.videoLesson;
    },
    Icon: PlayCircle,
    BadgeIcon: Video,
  },
  quiz: {
    get label() {
      return messages.quizItem;
    },
    Icon: ListChecks,
    BadgeIcon: ListChecks,
  },
};
