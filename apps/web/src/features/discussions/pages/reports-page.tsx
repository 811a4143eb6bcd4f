import { messages } from '@ishuri/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE, useDiscussionReports } from '../../../api/discussions';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';
import { AuthorLine, Badge, Pager } from '../components/post-parts';

/** /dashboard/discussion-reports: reported posts, newest first (admins). */
export default function ReportsPage() {
  const [page, setPage] = useState(1);
  const reports = useDiscussionReports(page);
  return (
    <div className="space-y-4">
      <title>{pageTitle(messages.discussionReportsTitle)}</title>
      <h1 className="text-2xl font-bold text-slate-900">{messages.discussionReportsTitle}</h1>
      {reports.isPending && <PageSpinner />}
      {reports.isError && <p role="alert">{errorMessage(reports.error, messages.badRequest)}</p>}
      {reports.data?.data.length === 0 && <p>{messages.discussionReportsEmpty}</p>}
      <ul className="space-y-3">
        {reports.data?.data.map((report) => (
          <li key={report.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              {report.courseTitle} · {report.threadTitle}
            </p>
            <AuthorLine author={report.postAuthor} at={report.createdAt} />
            {/* As typed, marks and all: a moderator judges exactly what was written. */}
            <p className="line-clamp-4 whitespace-pre-line break-words text-slate-800">
              {report.text}
            </p>
            <p className="text-sm break-words text-slate-700">
              <span className="font-medium">
                {messages.discussionReportedBy(
                  report.reporter
                    ? `${report.reporter.firstName} ${report.reporter.lastName}`
                    : messages.formerLearner,
                )}
              </span>
              : {report.reason}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              {report.hidden && <Badge>{messages.discussionHiddenBadge}</Badge>}
              <Link to={`/discussions/${report.threadId}`} className="font-medium text-brand-700">
                {messages.discussionOpen}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {reports.data && (
        <Pager page={page} total={reports.data.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      )}
    </div>
  );
}
