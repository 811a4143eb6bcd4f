import { messages } from '@ishuri/contract';
import { ArrowRight, Award, BookOpenCheck, Sparkles } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { useMyCourses } from '../../../api/progress';
import { usePublicSession } from '../../../api/session';
import { myCoursesAnchor } from '../../../lib/site';

const highlights = [
  {
    Icon: Sparkles,
    get label() {
      return messages.personalizedCourses;
    },
  },
  {
    Icon: BookOpenCheck,
    get label() {
      return messages.savedProgress;
    },
  },
  {
    Icon: Award,
    get label() {
      return messages.verifiableCertificates;
    },
  },
] as const;

/**
 * The welcome. Start Learning Now goes to the learner's own courses (My courses on the
 * dashboard) once they have one, else to the premium courses of the dashboard (product.md §2),
 * and for a visitor to the free ones.
 */
export function Hero() {
  const { session, confirmed } = usePublicSession();
  const mine = useMyCourses(confirmed);
  const hasCourses = (mine.data?.pages[0]?.total ?? 0) > 0;
  const start = !session
    ? '/explore-course'
    : hasCourses
      ? `/dashboard#${myCoursesAnchor}`
      : '/dashboard/start-learning';
  return (
    <section className="bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
          {messages.landingWelcome}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 sm:text-xl">
          {messages.landingHeroText}
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink to={start} size="lg" className="w-full sm:w-auto">
            {messages.startLearningNow}
            <ArrowRight className="size-5" aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/business" variant="secondary" size="lg" className="w-full sm:w-auto">
            {messages.seePlans}
          </ButtonLink>
        </div>
        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-slate-700">
          {highlights.map(({ Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5 text-brand-700" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
