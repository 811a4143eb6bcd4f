import { messages } from '@ishuri/contract';
import { Menu, X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Navbar } from '../../components/navbar';
import { actorOf, useSession } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useLogout } from '../../lib/use-logout';
import { DashboardSidebar } from './dashboard-sidebar';
import { SkipLink } from './skip-link';
import { PageOutlet } from '../page-outlet';

/** Open state of the small-screen sidebar; it closes by itself on navigation. */
function useSidebarState() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const setOpen = useCallback(
    (value: boolean) => setOpenAt(value ? location.key : null),
    [location.key],
  );
  return [openAt === location.key, setOpen] as const;
}

/**
 * The signed-in area (/dashboard/*): the top bar, the sidebar of product.md §2 (always shown on
 * large screens, a collapsible panel on small ones), and the screen.
 */
export function DashboardLayout() {
  const session = useSession();
  const logout = useLogout();
  const [open, setOpen] = useSidebarState();
  const sidebarId = useId();

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <Navbar />
      <div className="pt-16">
        <aside className="border-b border-slate-200 bg-white lg:fixed lg:top-16 lg:bottom-0 lg:left-0 lg:w-64 lg:overflow-y-auto lg:border-r lg:border-b-0">
          <div className="flex items-center px-4 py-2 lg:hidden">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={sidebarId}
              onClick={() => setOpen(!open)}
              className="flex items-center gap-2 rounded-md px-2 py-2 font-semibold text-slate-800 hover:bg-slate-100"
            >
              {open ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
              {messages.dashboardMenu}
            </button>
          </div>
          <div className={cn(open ? 'block' : 'hidden', 'lg:block lg:h-full')}>
            <DashboardSidebar
              id={sidebarId}
              actor={actorOf(session)}
              onLogout={() => void logout('/')}
            />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 outline-none lg:pl-64">
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
