import { messages } from '@ishuri/contract';
import type { DiscussionReply } from '@ishuri/contract';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  useClose,
  useDiscussion,
  useFollow,
  useHide,
  useMarkAnswer,
  usePin,
  useReply,
  useReport,
} from '../../../api/discussions';
import { Button } from '../../../components/button';
import { PageSpinner } from '../../../components/spinner';
import { MarkdownField } from '../../../components/markdown-field';
import { TextAreaField } from '../../../components/textarea-field';
import { TextContent } from '../../../curriculum/text-content';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';
import { AuthorLine, Badge, Pager } from '../components/post-parts';

const REPLIES_PAGE = 20;

const failed = (error: unknown) => toast.error(errorMessage(error, messages.badRequest));

/** /discussions/:id: a thread, its replies (paged), a reply form, moderation and reports. */
export default function ThreadPage() {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const discussion = useDiscussion(id, page);
  const follow = useFollow(id);
  const pin = usePin(id);
  const close = useClose(id);
  const hide = useHide();
  const mark = useMarkAnswer(id);

  if (discussion.isPending) return <PageSpinner />;
  if (discussion.isError) {
    const locked =
      discussion.error instanceof ApiError && [402, 403].includes(discussion.error.status);
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="alert" className="text-slate-700">
          {locked
            ? messages.discussionsLocked
            : errorMessage(discussion.error, messages.discussionNotFound)}
        </p>
      </div>
    );
  }
  const thread = discussion.data;
  const act = (run: () => Promise<unknown>) => () => void run().catch(failed);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-10">
      <title>{pageTitle(thread.title)}</title>
      <Link
        to={`/learn/${thread.courseId}`}
        className="inline-flex items-center gap-1 font-medium text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {messages.discussionBack}
      </Link>
      <article className="space-y-3 rounded-xl border border-slate-200 p-4 sm:p-6">
        <h1 className="text-2xl font-bold break-words text-slate-900">{thread.title}</h1>
        <div className="flex flex-wrap gap-2">
          {thread.pinned && <Badge>{messages.discussionPinned}</Badge>}
          {thread.answered && <Badge tone="green">{messages.discussionAnswered}</Badge>}
          {thread.closed && <Badge>{messages.discussionClosedBadge}</Badge>}
          {thread.hidden && <Badge>{messages.discussionHiddenBadge}</Badge>}
        </div>
        <AuthorLine author={thread.author} at={thread.createdAt} />
        <TextContent text={thread.text} headingLevel={2} />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={follow.isPending}
            onClick={act(() => follow.mutateAsync(!thread.following))}
          >
            {thread.following ? messages.discussionUnfollow : messages.discussionFollow}
          </Button>
          <ReportButton postId={thread.id} />
          {thread.canModerate && (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={act(() => pin.mutateAsync(!thread.pinned))}
              >
                {thread.pinned ? messages.discussionUnpin : messages.discussionPin}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={act(() => close.mutateAsync(!thread.closed))}
              >
                {thread.closed ? messages.discussionReopen : messages.discussionClose}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={act(() => hide.mutateAsync({ id: thread.id, hidden: !thread.hidden }))}
              >
                {thread.hidden ? messages.discussionShow : messages.discussionHide}
              </Button>
            </>
          )}
        </div>
      </article>

      <section aria-labelledby="replies-heading" className="space-y-3">
        <h2 id="replies-heading" className="text-lg font-semibold">
          {messages.discussionReplies(thread.repliesTotal)}
        </h2>
        <ul className="space-y-3">
          {thread.replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              canModerate={thread.canModerate}
              onMark={act(() => mark.mutateAsync(reply.isAnswer ? null : reply.id))}
              onHide={act(() => hide.mutateAsync({ id: reply.id, hidden: !reply.hidden }))}
            />
          ))}
        </ul>
        <Pager page={page} total={thread.repliesTotal} pageSize={REPLIES_PAGE} onPage={setPage} />
      </section>

      {thread.closed ? (
        <p className="text-slate-700">{messages.discussionClosed}</p>
      ) : (
        <ReplyForm threadId={thread.id} />
      )}
    </div>
  );
}

function ReplyItem({
  reply,
  canModerate,
  onMark,
  onHide,
}: {
  reply: DiscussionReply;
  canModerate: boolean;
  onMark: () => void;
  onHide: () => void;
}) {
  return (
    <li
      className={
        reply.isAnswer
          ? 'space-y-2 rounded-xl border-2 border-green-600 p-4'
          : 'space-y-2 rounded-xl border border-slate-200 p-4'
      }
    >
      <div className="flex flex-wrap gap-2">
        {reply.isAnswer && <Badge tone="green">{messages.discussionTheAnswer}</Badge>}
        {reply.hidden && <Badge>{messages.discussionHiddenBadge}</Badge>}
      </div>
      <AuthorLine author={reply.author} at={reply.createdAt} />
      <TextContent text={reply.text} />
      <div className="flex flex-wrap gap-2">
        <ReportButton postId={reply.id} />
        {canModerate && (
          <>
            {!reply.hidden && (
              <Button size="sm" variant="secondary" onClick={onMark}>
                {reply.isAnswer ? messages.discussionUnmarkAnswer : messages.discussionMarkAnswer}
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={onHide}>
              {reply.hidden ? messages.discussionShow : messages.discussionHide}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function ReplyForm({ threadId }: { threadId: string }) {
  const send = useReply(threadId);
  const [text, setText] = useState('');
  const fields: Record<string, string> = send.error instanceof ApiError ? send.error.fields : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await send.mutateAsync(text);
      toast.success(answer.message);
      setText('');
    } catch (error) {
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) failed(error);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
      <MarkdownField
        label={messages.discussionReplyLabel}
        value={text}
        maxLength={10_000}
        onChange={(event) => setText(event.target.value)}
        error={fields.text}
      />
      <Button type="submit" loading={send.isPending}>
        {messages.discussionSendReply}
      </Button>
    </form>
  );
}

function ReportButton({ postId }: { postId: string }) {
  const report = useReport();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {messages.discussionReport}
      </Button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await report.mutateAsync({ id: postId, reason });
      toast.success(answer.message);
      setOpen(false);
      setReason('');
    } catch (error) {
      failed(error);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="w-full space-y-2" noValidate>
      <TextAreaField
        label={messages.discussionReportReason}
        rows={2}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" size="sm" loading={report.isPending}>
        {messages.discussionSendReport}
      </Button>
    </form>
  );
}
