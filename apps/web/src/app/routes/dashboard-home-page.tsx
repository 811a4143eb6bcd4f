import { can, messages } from '@ishuri/contract';
import type { ContactMessage, Course } from '@ishuri/contract';
import { Award, BookOpen, GraduationCap, Mail, Newspaper, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { columnsFor } from '../../components/data-table/table-features';
import { useServerTable } from '../../components/data-table/table-state';
import { actorOf, useSession } from '../../lib/auth';
import { tableDate, truncate } from '../../lib/format';
import { useLatestCourses } from '../../api/courses';
import { useContacts } from '../../api/contact';
import { useProfile } from '../../api/session';
import type { CounterName } from '../../api/counts';
import { DashboardPage, Panel } from '../../components/dashboard/dashboard-page';
import { StatCard } from './stat-card';
import { MyCoursesPanel } from '../../features/my-courses/components/my-courses-panel';
import { WebinarsPanel } from '../../features/webinars/components/webinars-panel';
import { linkClass } from '../../components/dashboard/styles';
import { greeting } from './greeting';
import { TeachingOverview } from './teaching-overview';
import { MyAnnouncements } from '../../features/announcements/components/announcements';

interface Stat {
  name: CounterName;
  label: string;
  icon: LucideIcon;
}

const adminStats: Stat[] = [
  {
    name: 'users',
    get label() {
      return messages.totalUsers;
    },
    icon: Users,
  },
  {
    name: 'courses',
    get label() {
      return messages.totalCourses;
    },
    icon: BookOpen,
  },
  {
    name: 'enrolments',
    get label() {
      return messages.totalEnrolments;
    },
    icon: GraduationCap,
  },
  {
    name: 'certificates',
    get label() {
      return messages.totalCertificates;
    },
    icon: Award,
  },
  {
    name: 'blogs',
    get label() {
      return messages.totalBlogs;
    },
    icon: Newspaper,
  },
  {
    name: 'subscribers',
    get label() {
      return messages.totalSubscribers;
    },
    icon: Mail,
  },
];

const ownStats: Stat[] = [
  {
    name: 'myEnrolments',
    get label() {
      return messages.myEnrolments;
    },
    icon: GraduationCap,
  },
  {
    name: 'myCertificates',
    get label() {
      return messages.myCertificates;
    },
    icon: Award,
  },
];

const contactColumns = columnsFor<ContactMessage>();
const messageColumns = [
  contactColumns.accessor('FullName', {
    get header() {
      return messages.name;
    },
  }),
  contactColumns.accessor('subject', {
    get header() {
      return messages.subject;
    },
    cell: (info) => <span title={info.getValue()}>{truncate(info.getValue())}</span>,
  }),
  contactColumns.accessor('message', {
    get header() {
      return messages.message;
    },
    enableSorting: false,
    cell: (info) => <span title={info.getValue()}>{truncate(info.getValue())}</span>,
  }),
  contactColumns.accessor('createdAt', {
    get header() {
      return messages.date;
    },
    cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
  }),
  contactColumns.display({
    id: 'actions',
    header: () => <span className="sr-only">{messages.actions}</span>,
    cell: ({ row }) => (
      <Link
        to={`/dashboard/contact/${row.original.id}`}
        className={linkClass}
        aria-label={messages.viewTheMessageFrom(row.original.FullName)}
      >
        {messages.view}
      </Link>
    ),
  }),
];

const courseColumns = columnsFor<Course>();
const latestColumns = [
  courseColumns.accessor('title', {
    get header() {
      return messages.title;
    },
    cell: (info) => <span title={info.getValue()}>{truncate(info.getValue())}</span>,
  }),
  courseColumns.accessor('courseType', {
    get header() {
      return messages.type;
    },
    // The value in the reader's language, never the raw one (issue 32, point 5).
    cell: (info) => <span>{info.getValue() === 'premium' ? messages.premium : messages.free}</span>,
  }),
  courseColumns.accessor('createdAt', {
    get header() {
      return messages.created;
    },
    cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
  }),
  courseColumns.display({
    id: 'actions',
    header: () => <span className="sr-only">{messages.actions}</span>,
    cell: ({ row }) => (
      <Link
        to={`/course/${row.original.id}`}
        className={linkClass}
        aria-label={messages.moreInfoAbout(row.original.title)}
      >
        {messages.moreInfo2}
      </Link>
    ),
  }),
];

const contactRowId = (row: ContactMessage) => row.id;
const courseRowId = (row: Course) => row.id;

function RecentMessages() {
  const table = useServerTable(5);
  const contacts = useContacts(table.query);
  return (
    <Panel title={messages.recentMessages}>
      <DataTable
        label={messages.recentMessages2}
        columns={messageColumns}
        data={contacts.data?.data}
        getRowId={contactRowId}
        emptyMessage={messages.noMessages}
        loading={contacts.isFetching}
        error={contacts.isError ? messages.listLoadFailed : null}
        onRetry={() => void contacts.refetch()}
        server={{ state: table.state, setState: table.setState, total: contacts.data?.total }}
      />
    </Panel>
  );
}

function LatestCourses() {
  const courses = useLatestCourses();
  return (
    <Panel title={messages.latestCourses}>
      <DataTable
        label={messages.latestCourses2}
        columns={latestColumns}
        data={courses.data}
        getRowId={courseRowId}
        emptyMessage={messages.noCourses}
        loading={courses.isPending}
        error={courses.isError ? messages.listLoadFailed : null}
        onRetry={() => void courses.refetch()}
        pageSize={5}
      />
    </Panel>
  );
}

/**
 * /dashboard: the greeting, then what the role needs. A learner: their totals, announcements,
 * My courses and webinars. An instructor (issue 32, point 14): their courses, their learners and
 * recent quiz results on their courses, and webinars (not the learner's widgets: what they teach
 * comes first; the courses they may take are under Premium Course). An admin: the platform's
 * totals, announcements, the same overview for every course, My courses, webinars and Recent
 * Messages.
 * Everyone: Latest Courses (product.md §2).
 */
export default function DashboardHomePage() {
  const session = useSession();
  const actor = actorOf(session);
  const profile = useProfile();
  const firstName = profile.data?.firstName ?? session?.firstName ?? '';
  const admin = can(actor, 'stats:readAll');
  const teaches = can(actor, 'report:overview');

  return (
    <DashboardPage
      title={messages.dashboard}
      heading={firstName ? `${greeting()}, ${firstName}` : greeting()}
      intro={profile.data ? messages.signedInAs(profile.data.email) : undefined}
    >
      {(admin || !teaches) && (
        <ul aria-label={messages.statistics} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {(admin ? adminStats : ownStats).map((stat) => (
            <li key={stat.name}>
              <StatCard {...stat} />
            </li>
          ))}
        </ul>
      )}
      {(admin || !teaches) && (
        <MyAnnouncements canPostToAll={can(actor, 'announcement:postToAll')} />
      )}
      {teaches && <TeachingOverview all={admin} />}
      {(admin || !teaches) && <MyCoursesPanel />}
      <WebinarsPanel />
      {can(actor, 'contact:manage') && <RecentMessages />}
      <LatestCourses />
    </DashboardPage>
  );
}
