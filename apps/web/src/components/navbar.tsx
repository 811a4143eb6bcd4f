import { messages } from '@ishuri/contract';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { usePublicSession } from '../api/session';
import type { Session } from '../lib/auth';
import { cn } from '../lib/cn';
import { mainLinks } from '../lib/site';
import { useTakenOver } from '../lib/taken-over';
import { BrandLink } from './brand-link';
import { ButtonLink } from './button';
import { LanguageSwitcher } from './language-switcher';
import { useDismiss, useMenuState } from './menu-state';
import { avatarLetter, useSignedOutElsewhere, useSwitchedElsewhere } from '../lib/auth';

/** Its code is loaded when it is first shown (it adds nothing to a public page's first load). */
const AccountMenu = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.AccountMenu })),
);

/** Its code is loaded when it is first shown (it adds nothing to a public page's first load). */
const SignedOutNotice = lazy(() =>
  import('./signed-out-notice').then((module) => ({ default: module.SignedOutNotice })),
);
const SwitchedUserNotice = lazy(() =>
  import('./signed-out-notice').then((module) => ({ default: module.SwitchedUserNotice })),
);

function subscribeToScroll(listener: () => void) {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

/** True once the page is scrolled away from the top. */
function useScrolled(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > 0,
    () => false,
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 font-medium transition-colors',
    isActive
      ? 'text-brand-800 bg-brand-50'
      : 'text-slate-700 hover:text-brand-800 hover:bg-slate-100',
  );

/** The account button's circle while its code comes: the bar keeps its shape. */
const AvatarPlaceholder = ({ session }: { session: Session }) => (
  <span
    aria-hidden="true"
    className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white"
  >
    {avatarLetter(session.firstName)}
  </span>
);

const visitorLinks = [
  {
    to: '/login',
    get label() {
      return messages.login;
    },
  },
  {
    to: '/register',
    get label() {
      return messages.register;
    },
  },
] as const;

/**
 * The fixed top bar (product.md §2). On a phone its one menu button opens the whole site map.
 * On dashboard pages (`dashboardMenu`: what the dashboard layout puts in it) that same button,
 * named "Dashboard menu", is the only menu below the width where the sidebar shows (issue 32,
 * point 15); the avatar is then left out. Either menu closes on Escape (the focus goes back to
 * its button), on a click outside and on a choice.
 */
export function Navbar({ dashboardMenu }: { dashboardMenu?: ReactNode } = {}) {
  const { session } = usePublicSession();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useMenuState();
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), [setMenuOpen]);
  useDismiss(menuOpen, closeMenu, header, menuButton);
  // On a prerendered page nothing listens to the menu button until the app has taken over: it
  // stays disabled until then, like a form's submit button, so a tap is not silently lost.
  const takenOver = useTakenOver();
  const inDashboard = dashboardMenu !== undefined;
  const signedOut = useSignedOutElsewhere();
  const switched = useSwitchedElsewhere();

  return (
    <header
      ref={header}
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b bg-white transition-shadow',
        scrolled ? 'border-slate-200 shadow-md' : 'border-transparent',
      )}
    >
      <nav
        aria-label={messages.main}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"
      >
        <BrandLink className="text-brand-700" />
        <ul className="hidden items-center gap-1 md:flex">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden md:flex" />
          {session ? (
            <div className={inDashboard ? 'hidden lg:block' : undefined}>
              <Suspense fallback={<AvatarPlaceholder session={session} />}>
                <AccountMenu session={session} />
              </Suspense>
            </div>
          ) : (
            <ButtonLink to="/login" size="sm">
              {messages.login}
            </ButtonLink>
          )}
          <button
            ref={menuButton}
            type="button"
            className={cn(
              'flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
              inDashboard ? 'lg:hidden' : 'md:hidden',
            )}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            disabled={!takenOver}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
            <span className="sr-only">
              {inDashboard
                ? messages.dashboardMenu
                : menuOpen
                  ? messages.closeMenu
                  : messages.openMenu}
            </span>
          </button>
        </div>
      </nav>
      {inDashboard ? (
        <div
          id={menuId}
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
        >
          {dashboardMenu}
        </div>
      ) : (
        <div
          id={menuId}
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white md:hidden"
        >
          {/* The small-screen menu is the whole site map of a phone: Home first, and for a
              visitor the way in (Login and Register) last. */}
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
            {[
              { to: '/', label: messages.home },
              ...mainLinks,
              ...(session ? [] : visitorLinks),
            ].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={(state) => cn(linkClass(state), 'block')}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitcher className="mx-auto max-w-6xl border-t border-slate-100 px-4 py-3" />
        </div>
      )}
      {/* A dashboard page shows it in place of the screen. */}
      {!inDashboard && signedOut && !session && (
        <Suspense>
          <SignedOutNotice />
        </Suspense>
      )}
      {!inDashboard && switched && session && (
        <Suspense>
          <SwitchedUserNotice />
        </Suspense>
      )}
    </header>
  );
}
