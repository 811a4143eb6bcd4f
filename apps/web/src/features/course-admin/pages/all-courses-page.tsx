import { can, messages } from '@ishuri/contract';
import type { Course } from '@ishuri/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { ServerList } from '../../../components/data-table/server-list';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { actorOf, useSession } from '../../../lib/auth';
import { tableDate } from '../../../lib/format';
import { useDeleteCourse } from '../../../api/course-changes';
import { useManagedCourses } from '../../../api/courses';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { badgeClass, linkClass } from '../../../components/dashboard/styles';
import { cn } from '../../../lib/cn';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

const column = columnsFor<Course>();
const rowId = (row: Course) => row.id;

/**
 * /dashboard/all-course: every course for an admin, their own for an instructor; delete (with
 * confirmation) and manage lessons.
 */
export default function AllCoursesPage() {
  const actor = actorOf(useSession());
  // Whoever may manage any course sees them all; an instructor sees their own.
  const mine = !can(actor, 'course:manage');
  const table = useServerTable();
  const courses = useManagedCourses(mine, table.query);
  const deleteCourse = useDeleteCourse();
  const remove = useConfirmedDelete<Course>({
    run: (course) => deleteCourse.mutateAsync(course.id),
    success: messages.courseDeleted,
    failure: messages.deleteFailed,
  });

  const { ask } = remove;
  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: messages.title,
        cell: ({ row }) => (
          <span className="flex items-center gap-3">
            {row.original.imageUrl ? (
              <img
                src={row.original.imageUrl}
                alt=""
                className="size-10 shrink-0 rounded-md object-cover"
                loading="lazy"
              />
            ) : null}
            <span className="font-medium">{row.original.title}</span>
            {!row.original.published && (
              <span className={cn(badgeClass, 'bg-amber-100 text-amber-900')}>
                {messages.draft}
              </span>
            )}
          </span>
        ),
      }),
      // An admin reads who owns each course, by name (issue 32, point 14); an instructor's list
      // is their own.
      ...(mine
        ? []
        : [
            column.accessor((row) => row.ownerName ?? '', {
              id: 'ownerName',
              header: messages.courseOwner,
              enableSorting: false,
              cell: ({ row }) =>
                row.original.ownerName ? (
                  <span className="break-words">{row.original.ownerName}</span>
                ) : (
                  <span className="text-slate-600 italic">{messages.ownerDeleted}</span>
                ),
            }),
          ]),
      column.accessor('courseType', {
        header: messages.type,
        cell: (info) => <CourseTypeBadge type={info.getValue()} />,
      }),
      column.accessor('createdAt', {
        header: messages.created,
        cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{messages.actions}</span>,
        cell: ({ row }) => (
          <span className="flex items-center justify-end gap-3 whitespace-nowrap">
            <Link
              to={`/dashboard/view/${row.original.id}`}
              className={linkClass}
              aria-label={messages.manageLessonsOf(row.original.title)}
            >
              {messages.manageLessons}
            </Link>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => ask(row.original)}
              aria-label={messages.delete(row.original.title)}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {messages.delete2}
            </Button>
          </span>
        ),
      }),
    ],
    [ask, mine],
  );

  return (
    <DashboardPage
      title={messages.allCourses}
      intro={mine ? messages.myCoursesIntro : messages.allCoursesIntro}
      actions={
        <ButtonLink to="/dashboard/CreateCourse">
          <Plus className="size-4" aria-hidden="true" />
          {messages.createCourse}
        </ButtonLink>
      }
    >
      <ServerList
        label={messages.courses}
        columns={columns}
        getRowId={rowId}
        emptyMessage={messages.noCourses}
        query={courses}
        table={table}
      />
      <ConfirmRemoval
        title={messages.deleteCourse}
        question={remove.target ? messages.confirmDeleteCourse(remove.target.title) : null}
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}
