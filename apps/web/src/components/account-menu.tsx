import { messages } from '@ishuri/contract';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { useCallback, useId, useRef } from 'react';
import { NavLink } from 'react-router';
import { avatarLetter } from '../lib/auth';
import type { Session } from '../lib/auth';
import { useLogout } from '../lib/use-logout';
import { useDismiss, useMenuState } from './menu-state';

/**
 * The signed-in user's menu in the top bar (Dashboard, Logout). Its code is loaded by the
 * navigation bar once someone is signed in: a visitor's first load does not carry it.
 */
export function AccountMenu({ session }: { session: Session }) {
  const [open, setOpen] = useMenuState();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const logout = useLogout();
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(open, close, container, button);
  const letter = avatarLetter(session.firstName);

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white hover:bg-brand-800"
      >
        <span aria-hidden="true" data-testid="avatar-letter">
          {letter}
        </span>
        <span className="sr-only">{messages.accountMenu}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {session.firstName && (
          <p className="truncate px-3 py-2 text-sm text-slate-600">
            {messages.signedInAs(session.firstName)}
          </p>
        )}
        <ul>
          <li>
            <NavLink
              to="/dashboard"
              className="flex items-center gap-2 rounded-md px-3 py-2 text-slate-800 hover:bg-slate-100"
            >
              <LayoutDashboard className="size-4" aria-hidden="true" />
              {messages.dashboard}
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={() => void logout('/login')}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-slate-800 hover:bg-slate-100"
            >
              <LogOut className="size-4" aria-hidden="true" />
              {messages.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
