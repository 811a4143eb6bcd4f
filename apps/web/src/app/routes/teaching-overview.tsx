import { messages } from '@ishuri/contract';
import type { ReportOverview } from '@ishuri/contract';
import { BookOpen, CheckCircle2, GraduationCap, XCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useReportOverview } from '../../api/reports';
import { Button } from '../../components/button';
import { CourseTypeBadge } from '../../components/course-type-badge';
import { Panel } from '../../components/dashboard/dashboard-page';
import { badgeClass, linkClass } from '../../components/dashboard/styles';
import { FormAlert } from '../../components/form-alert';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { tableDate } from '../../lib/format';

function Figure({
  label,
  note,
  value,
  icon: Icon,
  testId,
  loading,
}: {
  label: string;
  note?: string;
  value: number | undefined;
  icon: LucideIcon;
  testId: string;
  loading: boolean;
}) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
          {loading ? <Spinner label={messages.loading} className="size-5 text-brand-700" /> : value}
        </p>
        {note && <p className="text-xs text-slate-600">{note}</p>}
      </div>
    </div>
  );
}

function CourseList({ courses, title }: { courses: ReportOverview['courses']; title: string }) {
  return (
    <Panel title={title}>
      {courses.latest.length === 0 ? (
        <p className="text-slate-600">{messages.overviewNoCourses}</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-slate-100">
          {courses.latest.map((course) => (
            <li key={course.id} className="flex flex-wrap items-center gap-2 py-2">
              <Link
                to={`/dashboard/view/${course.id}`}
                className={cn(linkClass, 'min-w-0 break-words')}
              >
                {course.title}
              </Link>
              <CourseTypeBadge type={course.courseType} />
              {!course.published && (
                <span className={cn(badgeClass, 'bg-amber-100 text-amber-900')}>
                  {messages.draft}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <Link to="/dashboard/all-course" className={linkClass}>
          {messages.overviewSeeAllCourses}
        </Link>
      </p>
    </Panel>
  );
}

function QuizResults({ results }: { results: ReportOverview['quizResults'] }) {
  return (
    <Panel title={messages.overviewResults}>
      <p className="mb-3 text-sm text-slate-600">{messages.overviewResultsIntro}</p>
      {results.length === 0 ? (
        <p className="text-slate-600">{messages.overviewNoResults}</p>
      ) : (
        // A list rather than a table: five columns do not fit a phone; each result reads as
        // "who, which quiz (in which course), score, passed or not, when".
        <ol aria-label={messages.overviewResults} className="divide-y divide-slate-100">
          {results.map((result) => (
            <li key={result.id} data-testid="quiz-result" className="space-y-1 py-3">
              <p className="font-semibold break-words text-slate-900">{result.learnerName}</p>
              <p className="text-sm break-words text-slate-700">
                {result.itemTitle}{' '}
                <Link to={`/dashboard/report/${result.courseId}`} className={linkClass}>
                  {messages.overviewInCourse(result.courseTitle)}
                </Link>
              </p>
              <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <dt className="sr-only">{messages.overviewScore}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {messages.overviewScoreValue(result.score)}
                </dd>
                <dt className="sr-only">{messages.overviewResult}</dt>
                <dd
                  className={cn(
                    badgeClass,
                    'gap-1 normal-case',
                    result.passed ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900',
                  )}
                >
                  {result.passed ? (
                    <CheckCircle2 className="size-3.5" aria-hidden="true" />
                  ) : (
                    <XCircle className="size-3.5" aria-hidden="true" />
                  )}
                  {result.passed ? messages.overviewPassed : messages.overviewNotPassed}
                </dd>
                <dt className="sr-only">{messages.overviewWhen}</dt>
                <dd className="whitespace-nowrap text-slate-600">{tableDate(result.at)}</dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/**
 * The dashboard home of those who teach (issue 32, point 14): their courses (how many, the
 * newest five with links), their learners (distinct, enrolled in one of them) and the ten newest
 * quiz results on them. `all`: an admin's, for every course.
 */
export function TeachingOverview({ all }: { all: boolean }) {
  const overview = useReportOverview();
  const data = overview.data;
  const coursesTitle = all ? messages.overviewAllCourses : messages.overviewYourCourses;
  return (
    <>
      {/* An admin's home has the platform's totals above: this list then goes unnamed. */}
      <ul aria-label={all ? undefined : messages.statistics} className="grid gap-4 sm:grid-cols-2">
        <li>
          <Figure
            label={coursesTitle}
            value={data?.courses.total}
            icon={BookOpen}
            testId="overview-courses"
            loading={overview.isPending}
          />
        </li>
        <li>
          <Figure
            label={all ? messages.overviewAllLearners : messages.overviewYourLearners}
            note={messages.overviewLearnersNote}
            value={data?.learners}
            icon={GraduationCap}
            testId="overview-learners"
            loading={overview.isPending}
          />
        </li>
      </ul>
      {overview.isError && (
        <FormAlert>
          <p>{messages.overviewLoadFailed}</p>
          <Button
            size="sm"
            variant="ghost"
            className="mt-2"
            onClick={() => void overview.refetch()}
          >
            {messages.retry}
          </Button>
        </FormAlert>
      )}
      {data && <CourseList courses={data.courses} title={coursesTitle} />}
      {data && <QuizResults results={data.quizResults} />}
    </>
  );
}
