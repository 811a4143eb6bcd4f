import { messages } from '@ishuri/contract';
import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Navbar } from '../../components/navbar';
import { SignedOutNotice, SwitchedUserNotice } from '../../components/signed-out-notice';
import { actorOf, useSession, useSignedOutElsewhere, useSwitchedElsewhere } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { mainLinks } from '../../lib/site';
import { useLogout } from '../../lib/use-logout';
import { DashboardSidebar } from './dashboard-sidebar';
import { SkipLink } from './skip-link';
import { PageOutlet } from '../page-outlet';

const siteLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 font-medium transition-colors',
    isActive
      ? 'text-brand-800 bg-brand-50'
      : 'text-slate-700 hover:text-brand-800 hover:bg-slate-100',
  );

/**
 * The top bar's one menu on dashboard pages below the sidebar's width (issue 32, point 15):
 * everything the top bar's menu, the avatar's and the sidebar held. Who is signed in, the
 * dashboard's entries and Logout, then the site's pages and the language.
 */
function OneMenu({ sidebar, firstName }: { sidebar: ReactNode; firstName: string }) {
  return (
    <div className="mx-auto max-w-6xl">
      {firstName && (
        <p className="truncate px-6 pt-3 text-sm text-slate-600">
          {messages.signedInAs(firstName)}
        </p>
      )}
      {sidebar}
      <ul className="flex flex-col gap-1 border-t border-slate-100 px-3 py-3">
        {mainLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={siteLinkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <LanguageSwitcher className="border-t border-slate-100 px-6 py-3" />
    </div>
  );
}

/**
 * The signed-in area (/dashboard/*): the top bar, the sidebar of product.md §2 (always shown on
 * large screens; below that width its entries are in the top bar's one menu, issue 32 point 15),
 * and the screen. Signed out in another tab, or signed in there as someone else, the screen gives
 * way to that news: what it showed was the previous user's.
 */
export function DashboardLayout() {
  const session = useSession();
  const signedOut = useSignedOutElsewhere();
  const switched = useSwitchedElsewhere();
  const navigate = useNavigate();
  const logout = useLogout();
  const actor = actorOf(session);
  const onLogout = () => void logout('/');

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <Navbar
        dashboardMenu={
          <OneMenu
            firstName={session?.firstName ?? ''}
            sidebar={<DashboardSidebar actor={actor} onLogout={onLogout} />}
          />
        }
      />
      <div className="pt-16">
        <aside className="hidden border-slate-200 bg-white lg:fixed lg:top-16 lg:bottom-0 lg:left-0 lg:block lg:w-64 lg:overflow-y-auto lg:border-r">
          <DashboardSidebar actor={actor} onLogout={onLogout} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 outline-none lg:pl-64">
          {signedOut && !session ? (
            <div className="mx-auto max-w-xl px-4 py-8">
              <SignedOutNotice className="rounded-xl border" />
            </div>
          ) : switched && session ? (
            // The previous user's screen (a form half filled, say) gives way: going on opens the
            // dashboard's home as the new user.
            <div className="mx-auto max-w-xl px-4 py-8">
              <SwitchedUserNotice
                className="rounded-xl border"
                onContinue={() => void navigate('/dashboard')}
              />
            </div>
          ) : (
            <PageOutlet />
          )}
        </main>
      </div>
    </div>
  );
}
