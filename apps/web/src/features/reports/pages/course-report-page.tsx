import { can, messages } from '@ishuri/contract';
import type { ReportLearner } from '@ishuri/contract';
import { ArrowLeft, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useCourse } from '../../../api/courses';
import { downloadReportCsv, useReportFunnel, useReportLearners } from '../../../api/reports';
import { Button, ButtonLink } from '../../../components/button';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { FormAlert } from '../../../components/form-alert';
import { PageSpinner } from '../../../components/spinner';
import { actorOf, useSession } from '../../../lib/auth';
import { tableDate } from '../../../lib/format';
import { BarChart } from '../components/bar-chart';
import { QuizHelp } from '../components/quiz-help';
import { ResourceDownloads } from '../components/resource-downloads';
import { saveFile } from '../../../lib/save-file';

const column = columnsFor<ReportLearner>();
// The ids are the fields the server sorts by.
const columnsOf = (courseId: string) => [
  column.accessor((row) => `${row.firstName} ${row.lastName}`, {
    id: 'firstName',
    get header() {
      return messages.reportName;
    },
  }),
  column.accessor('email', {
    get header() {
      return messages.email;
    },
  }),
  column.accessor('percent', {
    get header() {
      return messages.reportPercent;
    },
    cell: (info) =>
      `${info.row.original.itemsDone}/${info.row.original.totalItems} · ${info.getValue()}%`,
  }),
  column.accessor('lastActivityAt', {
    id: 'lastActivity',
    get header() {
      return messages.reportLastActivity;
    },
    cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
  }),
  column.accessor('quizzes', {
    get header() {
      return messages.reportQuizzes;
    },
    enableSorting: false,
    cell: (info) => (
      <ul className="space-y-0.5">
        {info.getValue().map((quiz) => (
          <li key={quiz.itemId}>
            {messages.reportBestOf(
              quiz.title,
              quiz.best === null ? messages.reportNoAttempt : `${quiz.best}%`,
              quiz.attempts,
            )}
            {/* A quiz attempted and not passed: the learner may be stuck (issue 32). */}
            {quiz.attempts > 0 && !quiz.passed && (
              <QuizHelp courseId={courseId} learner={info.row.original} quiz={quiz} />
            )}
          </li>
        ))}
      </ul>
    ),
  }),
];
const rowId = (row: ReportLearner) => row.userId;

/**
 * /dashboard/report/{courseId} (issue 17): the course's learners with their progress and quiz
 * scores (paged, filtered and sorted by the server, and as CSV), where learners stop, and how
 * each quiz's best scores spread. For the course's owner and admins.
 */
export default function CourseReportPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const actor = actorOf(useSession());
  const table = useServerTable();
  const learners = useReportLearners(courseId, table.query);
  const funnel = useReportFunnel(courseId);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const columns = useMemo(() => columnsOf(courseId), [courseId]);

  if (course.isPending) return <PageSpinner />;
  if (course.isError || !can(actor, 'course:manage', { ownerId: course.data.ownerId })) {
    return (
      <DashboardPage title={messages.courseReport}>
        <FormAlert>{messages.reportLoadFailed}</FormAlert>
      </DashboardPage>
    );
  }

  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      const { q, sort } = table.query;
      const blob = await downloadReportCsv(courseId, { q, sort });
      saveFile(blob, `${course.data.title.replace(/[^\p{L}\p{N}]+/gu, '-')}-learners.csv`);
    } catch {
      setFailure(messages.reportLoadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const data = funnel.data;
  return (
    <DashboardPage
      title={messages.courseReportTitle(course.data.title)}
      intro={messages.courseReportIntro}
      actions={
        <>
          <ButtonLink to={`/dashboard/view/${courseId}`} variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {course.data.title}
          </ButtonLink>
          <Button variant="secondary" onClick={() => void download()} loading={downloading}>
            <Download className="size-4" aria-hidden="true" />
            {messages.reportDownloadCsv}
          </Button>
        </>
      }
    >
      {failure && <FormAlert>{failure}</FormAlert>}
      <Panel>
        {data ? (
          <div className="space-y-8">
            <BarChart
              title={messages.reportFunnelTitle}
              intro={messages.reportFunnelIntro(data.learners)}
              bars={data.items.map((item) => ({ label: item.title, value: item.completed }))}
              max={data.learners}
              labelHeader={messages.reportItem}
              valueHeader={messages.reportCompleted}
            />
            {data.scores.map((quiz) => (
              <BarChart
                key={quiz.itemId}
                title={messages.reportScoresTitle(quiz.title)}
                intro={messages.reportScoresIntro(quiz.learners)}
                bars={quiz.buckets.map((value, band) => ({
                  label: messages.reportScoreBand(band * 10, band === 9 ? 100 : band * 10 + 9),
                  value,
                }))}
                max={Math.max(1, ...quiz.buckets)}
                labelHeader={messages.reportScore}
                valueHeader={messages.reportLearners}
              />
            ))}
            <ResourceDownloads courseId={courseId} />
          </div>
        ) : funnel.isError ? (
          <FormAlert>{messages.reportLoadFailed}</FormAlert>
        ) : (
          <p role="status" className="text-slate-600">
            {messages.loading}
          </p>
        )}
      </Panel>
      <DataTable
        label={messages.reportLearners}
        columns={columns}
        data={learners.data?.data}
        getRowId={rowId}
        emptyMessage={messages.reportNoLearners}
        loading={learners.isFetching}
        error={learners.isError ? messages.reportLoadFailed : null}
        onRetry={() => void learners.refetch()}
        server={{ state: table.state, setState: table.setState, total: learners.data?.total }}
      />
    </DashboardPage>
  );
}
