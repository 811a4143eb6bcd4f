import { messages } from '@ishuri/contract';
import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE, useAsk, useDiscussions } from '../../../api/discussions';
import { Button } from '../../../components/button';
import { TitleTextForm } from '../../../components/title-text-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { AuthorLine, Badge, Pager } from './post-parts';

/**
 * The Discussions section of a course's learn page: the threads about the open lesson (or all
 * of the course's), and "Ask a question" about that lesson.
 */
export function CourseDiscussions({
  courseId,
  item,
}: {
  courseId: string;
  item: { id: string; title: string } | null;
}) {
  const session = useSession();
  const [wholeCourse, setWholeCourse] = useState(false);
  const [page, setPage] = useState(1);
  const itemId = wholeCourse ? null : (item?.id ?? null);
  const list = useDiscussions(courseId, itemId, page);
  const [asking, setAsking] = useState(false);

  if (!session) {
    return (
      <Section title={messages.discussionsTitle}>
        <p className="text-slate-700">
          <Link to="/login" className="font-medium text-brand-700 underline">
            {messages.discussionsSignIn}
          </Link>
        </p>
      </Section>
    );
  }
  if (list.error instanceof ApiError && [402, 403].includes(list.error.status)) {
    return (
      <Section title={messages.discussionsTitle}>
        <p className="text-slate-700">{messages.discussionsLocked}</p>
      </Section>
    );
  }
  return (
    <Section title={itemId ? messages.discussionsAboutLesson : messages.discussionsTitle}>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setAsking((open) => !open)} aria-expanded={asking}>
          {messages.discussionsAsk}
        </Button>
        {item && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setWholeCourse((all) => !all);
              setPage(1);
            }}
          >
            {wholeCourse ? messages.discussionsAboutLesson : messages.discussionsTitle}
          </Button>
        )}
      </div>
      {asking && (
        <AskForm courseId={courseId} itemId={item?.id ?? null} onDone={() => setAsking(false)} />
      )}
      {list.data && list.data.data.length === 0 && (
        <p className="text-slate-600">{messages.discussionsEmpty}</p>
      )}
      <ul className="divide-y divide-slate-200">
        {list.data?.data.map((thread) => (
          <li key={thread.id} className="py-3">
            <Link
              to={`/discussions/${thread.id}`}
              className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
            >
              {thread.title}
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {thread.pinned && <Badge>{messages.discussionPinned}</Badge>}
              {thread.answered && <Badge tone="green">{messages.discussionAnswered}</Badge>}
              {thread.closed && <Badge>{messages.discussionClosedBadge}</Badge>}
              {thread.hidden && <Badge>{messages.discussionHiddenBadge}</Badge>}
              <span className="text-sm text-slate-600">
                {messages.discussionReplies(thread.replyCount)}
              </span>
            </div>
            <AuthorLine author={thread.author} at={thread.createdAt} />
          </li>
        ))}
      </ul>
      {list.data && (
        <Pager page={page} total={list.data.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="discussions-heading"
      className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <h2 id="discussions-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessagesSquare className="size-5" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function AskForm({
  courseId,
  itemId,
  onDone,
}: {
  courseId: string;
  itemId: string | null;
  onDone: () => void;
}) {
  const ask = useAsk(courseId);
  return (
    <TitleTextForm
      titleLabel={messages.discussionTitleLabel}
      textLabel={messages.discussionTextLabel}
      textMaxLength={10_000}
      headingLevel={2}
      send={(post) => ask.mutateAsync({ ...post, itemId })}
      pending={ask.isPending}
      error={ask.error}
      onDone={onDone}
    />
  );
}
