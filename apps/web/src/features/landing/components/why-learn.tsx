import { messages } from '@ishuri/contract';
import { Award, BrainCircuit, LineChart, MonitorPlay } from 'lucide-react';

const reasons = [
  {
    Icon: BrainCircuit,
    get title() {
      return messages.personalized;
    },
    get text() {
      return messages.whyPersonalizedText;
    },
  },
  {
    Icon: MonitorPlay,
    get title() {
      return messages.interactive;
    },
    get text() {
      return messages.whyInteractiveText;
    },
  },
  {
    Icon: LineChart,
    get title() {
      return messages.progressTracking;
    },
    get text() {
      return messages.whyProgressText;
    },
  },
  {
    Icon: Award,
    get title() {
      return messages.certificates;
    },
    get text() {
      return messages.whyCertificateText;
    },
  },
] as const;

/** Why learn with us: four reasons. */
export function WhyLearn() {
  return (
    <section aria-labelledby="why-learn" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="why-learn" className="text-3xl font-bold text-slate-900">
            {messages.whyLearnWithUs}
          </h2>
          <p className="mt-3 text-lg text-slate-700">{messages.whyLearnIntro}</p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
