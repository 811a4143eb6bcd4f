import { messages } from '@ishuri/contract';
import { Clock, Mail, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { usePublicSession } from '../api/session';
import { cn } from '../lib/cn';
import { site } from '../lib/site';
import { useLogout } from '../lib/use-logout';
import { BrandLink } from './brand-link';
import { DataSaverSwitch } from './data-saver-switch';
import { SocialLinks } from './social-links';

/** What every visitor is offered; a signed-in reader sees Dashboard and Logout first instead. */
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

const everyoneLinks = [
  {
    to: '/explore-course',
    get label() {
      return messages.exploreCourses2;
    },
  },
  {
    // For employers and schools checking a certificate they were shown (decisions.md §4).
    to: '/verify',
    get label() {
      return messages.verifyACertificate;
    },
  },
] as const;

const linkClass = 'rounded-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';

/**
 * The footer of the public pages (product.md §1). It carries the Data saver switch too: a visitor
 * who is not signed in (no Settings) pays for data as much as a learner, and the footer is on
 * every public page, under the images and the explainer it makes smaller.
 */
export function Footer() {
  const { session } = usePublicSession();
  const logout = useLogout();
  return (
    <footer className="bg-slate-900 text-slate-300 [--focus-ring:var(--color-sky-300)]">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <BrandLink className="text-white" />
          <p className="text-sm leading-relaxed">{messages.siteTagline}</p>
          <DataSaverSwitch tone="dark" className="pt-2" />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 font-semibold text-white">
            {messages.quickLinks}
          </h2>
          <ul className="space-y-2">
            {session ? (
              <>
                <li>
                  <Link to="/dashboard" className={linkClass}>
                    {messages.dashboard}
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={() => void logout('/login')}
                    className={cn(linkClass, 'text-left')}
                  >
                    {messages.logout}
                  </button>
                </li>
              </>
            ) : (
              visitorLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))
            )}
            {everyoneLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">{messages.contact}</h2>
          <ul className="space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-medium text-white">{messages.officeHoursLabel} </span>
                {messages.officeHours}
              </span>
            </li>
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${site.email}`} className={linkClass}>
                {site.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{messages.location}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">{messages.followUs}</h2>
          <SocialLinks className="flex-col gap-2" linkClassName={linkClass} />
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-slate-400">
          {messages.copyright(new Date().getFullYear())}
        </p>
      </div>
    </footer>
  );
}
