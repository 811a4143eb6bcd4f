import type { DiscussionReply, DiscussionSummary, PostAuthor } from '@ishuri/contract';
import type { discussionReplies, discussionThreads } from '../../db/schema';

type ThreadRow = typeof discussionThreads.$inferSelect;
type ReplyRow = typeof discussionReplies.$inferSelect;

/** The author columns a post is read with (null: the account was deleted). */
export interface AuthorColumns {
  authorFirstName: string | null;
  authorLastName: string | null;
  authorRole: string | null;
}

export function presentAuthor(id: string | null, columns: AuthorColumns): PostAuthor {
  if (id === null || columns.authorFirstName === null) return null;
  return {
    id,
    firstName: columns.authorFirstName,
    lastName: columns.authorLastName ?? '',
    role: columns.authorRole ?? 'learner',
  };
}

export function presentSummary(row: ThreadRow & AuthorColumns): DiscussionSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    itemId: row.itemId,
    title: row.title,
    author: presentAuthor(row.authorId, row),
    pinned: row.pinned,
    closed: row.closedAt !== null,
    hidden: row.hiddenAt !== null,
    answered: row.answerId !== null,
    replyCount: row.replyCount,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

export function presentReply(
  row: ReplyRow & AuthorColumns,
  answerId: string | null,
): DiscussionReply {
  return {
    id: row.id,
    author: presentAuthor(row.authorId, row),
    text: row.body,
    hidden: row.hiddenAt !== null,
    isAnswer: row.id === answerId,
    createdAt: row.createdAt.toISOString(),
  };
}
