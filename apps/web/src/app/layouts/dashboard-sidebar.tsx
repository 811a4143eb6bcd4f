import { can, messages } from '@ishuri/contract';
import type { Action, Actor } from '@ishuri/contract';
import {
  Award,
  CircleHelp,
  Crown,
  FilePlus2,
  HardDriveDownload,
  Gem,
  House,
  LayoutDashboard,
  Library,
  LifeBuoy,
  LogOut,
  Mail,
  MailWarning,
  MessageSquareWarning,
  Newspaper,
  Server,
  Settings,
  SquarePen,
  Users,
  Video,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export interface SidebarEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only the /dashboard entry itself: active on that exact path. */
  end?: boolean;
}

interface EntryRule extends SidebarEntry {
  /** Shown when the role matrix allows this action (always when absent). */
  action?: Action;
}

/** The sidebar of product.md §2, in order; who sees what comes from the role matrix. */
const rules: EntryRule[] = [
  {
    to: '/',
    get label() {
      return messages.home;
    },
    icon: House,
    end: true,
  },
  {
    to: '/dashboard',
    get label() {
      return messages.dashboard;
    },
    icon: LayoutDashboard,
    end: true,
  },
  {
    to: '/dashboard/start-learning',
    get label() {
      return messages.premiumCourse2;
    },
    icon: Gem,
  },
  {
    to: '/dashboard/CreateCourse',
    get label() {
      return messages.createCourse2;
    },
    icon: FilePlus2,
    action: 'course:create',
  },
  {
    to: '/dashboard/all-course',
    get label() {
      return messages.allCourses;
    },
    icon: Library,
    action: 'course:listManaged',
  },
  {
    to: '/dashboard/all-users',
    get label() {
      return messages.allUsers;
    },
    icon: Users,
    action: 'user:list',
  },
  {
    to: '/dashboard/CreateBlog',
    get label() {
      return messages.addBlogs;
    },
    icon: SquarePen,
    action: 'blog:manage',
  },
  {
    to: '/dashboard/AllBlogs',
    get label() {
      return messages.allBlogs;
    },
    icon: Newspaper,
    action: 'blog:manage',
  },
  {
    to: '/dashboard/allSub',
    get label() {
      return messages.allSubscribers;
    },
    icon: Mail,
    action: 'subscriber:manage',
  },
  {
    to: '/dashboard/failed-mail',
    get label() {
      return messages.failedMailTitle;
    },
    icon: MailWarning,
    action: 'mail:manage',
  },
  {
    to: '/dashboard/system',
    get label() {
      return messages.systemTitle;
    },
    icon: Server,
    action: 'system:read',
  },
  // Premium (issue 33): payments, vouchers, grants
  {
    to: '/dashboard/premium-admin',
    get label() {
      return messages.premiumPayments;
    },
    icon: Crown,
    action: 'premium:manage',
  },
  // Course discussions (issue 34): reported posts
  {
    to: '/dashboard/discussion-reports',
    get label() {
      return messages.discussionReportsTitle;
    },
    icon: MessageSquareWarning,
    action: 'discussion:listReports',
  },
  // Priority support and webinars (issue 34, points 3 and 4)
  {
    to: '/dashboard/support-queue',
    get label() {
      return messages.supportQueueTitle;
    },
    icon: LifeBuoy,
    action: 'support:manage',
  },
  {
    to: '/dashboard/webinars',
    get label() {
      return messages.webinarsTitle;
    },
    icon: Video,
    action: 'webinar:create',
  },
];

/** The entries one actor sees. Certificates lead to all of them for those who may list them. */
export function sidebarEntries(actor: Actor | null): SidebarEntry[] {
  const visible = rules.filter((rule) => !rule.action || can(actor, rule.action));
  const certificates: SidebarEntry = can(actor, 'certificate:listAll')
    ? { to: '/dashboard/allCertificates', label: messages.certificates, icon: Award }
    : { to: '/dashboard/myCertificate', label: messages.certificates, icon: Award };
  return [
    ...visible.slice(0, 3),
    certificates,
    ...visible.slice(3),
    { to: '/dashboard/saved', label: messages.savedCoursesTitle, icon: HardDriveDownload },
    // Premium (issue 33): the pass, a voucher, receipts
    { to: '/dashboard/premium', label: messages.premiumTitle, icon: Crown },
    { to: '/dashboard/settings', label: messages.accountSettings, icon: Settings },
    { to: '/dashboard/help', label: messages.help, icon: CircleHelp },
  ];
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium transition-colors',
    isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The list of links and the Logout button. */
export function DashboardSidebar({
  actor,
  onLogout,
  id,
}: {
  actor: Actor | null;
  onLogout: () => void;
  id?: string;
}) {
  return (
    <nav id={id} aria-label={messages.dashboard} className="flex h-full flex-col gap-1 p-3">
      <ul className="flex flex-col gap-1">
        {sidebarEntries(actor).map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={itemClass}>
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-slate-200 pt-2">
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          {messages.logout}
        </button>
      </div>
    </nav>
  );
}
