import { messages } from '@ishuri/contract';
import type { Course } from '@ishuri/contract';
import { CheckCircle2, PlayCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button, ButtonLink } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { useEnrol } from '../../../api/enrol';
import { usePremiumCourses } from '../../../api/courses';
import { useMyEnrolments } from '../../../api/enrolments';
import { CourseImage } from '../../../components/dashboard/course-image';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { badgeClass, linkClass } from '../../../components/dashboard/styles';
import { cn } from '../../../lib/cn';
import { ApiError } from '../../../lib/api-client';

const column = columnsFor<Course>();
const columns = [
  column.accessor('title', {
    get header() {
      return messages.title;
    },
  }),
  column.accessor('description', {
    get header() {
      return messages.description;
    },
    enableSorting: false,
  }),
  column.accessor('createdAt', {
    get header() {
      return messages.dateAdded;
    },
  }),
];
const rowId = (row: Course) => row.id;

function PremiumCourseCard({
  course,
  enrolled,
  enrolling,
  onEnrol,
}: {
  course: Course;
  enrolled: boolean;
  enrolling: boolean;
  onEnrol: () => void;
}) {
  return (
    <article
      aria-label={course.title}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <CourseImage
        src={course.imageUrl}
        alt={messages.coverOf(course.title)}
        className="h-40 w-full"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CourseTypeBadge type={course.courseType} />
          {enrolled && (
            <span className={cn(badgeClass, 'gap-1 bg-green-100 text-green-900')}>
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              {messages.enrolled2}
            </span>
          )}
        </div>
        <h2 className="text-lg font-semibold text-slate-900">{course.title}</h2>
        <p className="line-clamp-3 text-sm text-slate-700">{course.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <Link
            to={`/course/${course.id}`}
            className={cn(linkClass, 'text-sm')}
            aria-label={messages.moreInfoAbout(course.title)}
          >
            {messages.moreInfo2}
          </Link>
          {enrolled ? (
            <ButtonLink
              to={`/learn/${course.id}`}
              size="sm"
              aria-label={messages.continue(course.title)}
            >
              <PlayCircle className="size-4" aria-hidden="true" />
              {messages.continue2}
            </ButtonLink>
          ) : (
            <Button
              size="sm"
              onClick={onEnrol}
              loading={enrolling}
              aria-label={messages.enrolIn(course.title)}
            >
              {messages.enrol}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** /dashboard/start-learning: the premium courses; Enrol, or Continue once enrolled. */
export default function StartLearningPage() {
  const table = useServerTable();
  const courses = usePremiumCourses(table.query);
  // Only the enrolments of the courses on this page are asked for.
  const shownIds = useMemo(
    () => (courses.data?.data ?? []).map((course) => course.id),
    [courses.data],
  );
  const enrolments = useMyEnrolments(shownIds, { keepPrevious: true });
  const enrol = useEnrol();
  const navigate = useNavigate();
  const [enrollingId, setEnrollingId] = useState<string | null>(null);
  const enrolled = useMemo(
    () => new Set((enrolments.data ?? []).map((enrolment) => enrolment.courseId)),
    [enrolments.data],
  );

  const onEnrol = async (course: Course) => {
    setEnrollingId(course.id);
    try {
      const answer = await enrol.mutateAsync(course.id);
      toast.success(answer?.message ?? messages.enrolled);
    } catch (error) {
      // Premium (issue 33): without a pass, the way to buy one rather than an error.
      if (error instanceof ApiError && error.code === 'PREMIUM_REQUIRED') {
        toast.info(messages.premiumRequired);
        void navigate('/business#buy');
      } else toast.error(messages.enrolFailed);
    } finally {
      setEnrollingId(null);
    }
  };

  return (
    <DashboardPage title={messages.premiumCourses2} intro={messages.premiumIntro}>
      <DataTable
        label={messages.premiumCourses}
        columns={columns}
        data={courses.data?.data}
        getRowId={rowId}
        emptyMessage={messages.noPremiumCourses}
        loading={courses.isPending || (shownIds.length > 0 && enrolments.isPending)}
        server={{ state: table.state, setState: table.setState, total: courses.data?.total }}
        error={courses.isError ? messages.premiumLoadFailed : null}
        onRetry={() => void courses.refetch()}
        pageSize={10}
        renderCard={(course) => (
          <PremiumCourseCard
            course={course}
            enrolled={enrolled.has(course.id)}
            enrolling={enrollingId === course.id}
            onEnrol={() => void onEnrol(course)}
          />
        )}
      />
    </DashboardPage>
  );
}
