import { messages } from '@ishuri/contract';
import { Clock, Mail, MapPin } from 'lucide-react';
import { SocialLinks } from '../../../components/social-links';
import { site } from '../../../lib/site';

const linkClass =
  'rounded-sm text-white underline underline-offset-4 hover:text-brand-100 [--focus-ring:var(--color-sky-300)]';

/** The side panel: "Prefer to leave us a message?", social links and the office. */
export function ContactPanel() {
  return (
    <aside
      aria-labelledby="contact-panel-heading"
      className="space-y-6 rounded-2xl bg-brand-800 p-6 text-brand-50 sm:p-8 [--focus-ring:var(--color-sky-300)]"
    >
      <h2 id="contact-panel-heading" className="text-2xl font-bold text-white">
        {messages.contactPanelHeading}
      </h2>
      <p>{messages.contactPanelText}</p>
      <ul className="space-y-3">
        <li className="flex items-start gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{messages.location}</span>
        </li>
        <li className="flex items-start gap-3">
          <Mail className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <a href={`mailto:${site.email}`} className={linkClass}>
            {site.email}
          </a>
        </li>
        <li className="flex items-start gap-3">
          <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{messages.officeHours}</span>
        </li>
      </ul>
      <div>
        <h3 className="mb-2 font-semibold text-white">{messages.followUs}</h3>
        <SocialLinks className="flex-col gap-2" linkClassName={linkClass} />
      </div>
    </aside>
  );
}
