import { helpMessages, messages } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';
import { Award, BadgeCheck, GraduationCap, LifeBuoy, ListOrdered } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { currentLanguage, pseudoLocalize } from '../../lib/language';
import { site } from '../../lib/site';
import { DashboardPage } from '../../components/dashboard/dashboard-page';
import {
  AskSupportPanel,
  MySupportRequestsPanel,
} from '../../features/support/components/ask-support-panel';
import { linkClass } from '../../components/dashboard/styles';

const translations: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  rw: () => import('@ishuri/contract/locales/help.rw.json'),
  fr: () => import('@ishuri/contract/locales/help.fr.json'),
  sw: () => import('@ishuri/contract/locales/help.sw.json'),
};

/**
 * The help screen's sentences in the reader's language, fetched with the screen (they are its
 * own catalogue, loaded by nobody else); English stays where that fails.
 */
export async function speakHelp(): Promise<void> {
  const language = currentLanguage();
  if (language !== 'en') {
    try {
      Object.assign(helpMessages, (await translations[language]()).default);
    } catch {
      // English it is.
    }
  }
  await pseudoLocalize(helpMessages);
}

interface Topic {
  id: string;
  title: string;
  icon: LucideIcon;
  body: string;
  more?: ReactNode;
}

/** Read when drawn: the sentences are those of the language chosen by then. */
const topics = (): Topic[] => [
  {
    id: 'enrol',
    title: helpMessages.enrolTitle,
    icon: GraduationCap,
    body: helpMessages.enrolBody,
    more: (
      <p className="flex flex-wrap gap-4">
        <Link to="/dashboard/start-learning" className={linkClass}>
          {messages.premiumCourses}
        </Link>
        <Link to="/explore-course" className={linkClass}>
          {messages.freeCourses}
        </Link>
      </p>
    ),
  },
  { id: 'learn', title: helpMessages.learnTitle, icon: ListOrdered, body: helpMessages.learnBody },
  {
    id: 'certificate',
    title: helpMessages.certificateTitle,
    icon: Award,
    body: helpMessages.certificateBody,
    more: (
      <p>
        <Link to="/dashboard/myCertificate" className={linkClass}>
          {messages.myCertificates}
        </Link>
      </p>
    ),
  },
  {
    id: 'verify',
    title: helpMessages.verifyTitle,
    icon: BadgeCheck,
    body: helpMessages.verifyBody,
  },
  {
    id: 'support',
    title: helpMessages.supportTitle,
    icon: LifeBuoy,
    body: helpMessages.supportBody,
    more: (
      <ul className="space-y-1">
        <li>
          <Link to="/contact" className={linkClass}>
            {messages.contactPage}
          </Link>
        </li>
        <li>
          <a href={`mailto:${site.email}`} className={linkClass}>
            {site.email}
          </a>
        </li>
        <li className="text-slate-700">
          <span className="font-medium text-slate-900">{messages.officeHoursLabel} </span>
          {messages.officeHours}
        </li>
        <li className="text-slate-700">{messages.location}</li>
      </ul>
    ),
  },
];

/**
 * /dashboard/help: ask support and read the answers (issue 34, point 3), then how to enrol,
 * learn, get and verify a certificate, and reach support.
 */
export default function HelpPage() {
  return (
    <DashboardPage title={messages.help} intro={helpMessages.intro}>
      <div className="grid gap-4 lg:grid-cols-2">
        <AskSupportPanel />
        <MySupportRequestsPanel />
      </div>
      <nav
        aria-label={messages.helpTopics}
        className="rounded-2xl border border-slate-200 bg-white p-4"
      >
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {topics().map((topic) => (
            <li key={topic.id}>
              <a href={`#help-${topic.id}`} className={linkClass}>
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 md:grid-cols-2">
        {topics().map(({ id, title, icon: Icon, body, more }) => (
          <section
            key={id}
            id={`help-${id}`}
            aria-labelledby={`help-${id}-title`}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2
              id={`help-${id}-title`}
              className="flex items-center gap-3 text-lg font-semibold text-slate-900"
            >
              <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {title}
            </h2>
            <p className="leading-relaxed text-slate-700">{body}</p>
            {more}
          </section>
        ))}
      </div>
    </DashboardPage>
  );
}
