import { messages } from '@ishuri/contract';

const steps = [
  {
    get title() {
      return messages.createYourAccount;
    },
    get text() {
      return messages.stepAccountText;
    },
  },
  {
    get title() {
      return messages.chooseACourse;
    },
    get text() {
      return messages.stepCourseText;
    },
  },
  {
    get title() {
      return messages.learnStepByStep;
    },
    get text() {
      return messages.stepLearnText;
    },
  },
  {
    get title() {
      return messages.getYourCertificate;
    },
    get text() {
      return messages.stepCertificateText;
    },
  },
] as const;

/** How it works: four numbered steps. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <div className="max-w-2xl">
        <h2 id="how-it-works" className="text-3xl font-bold text-slate-900">
          {messages.howItWorks}
        </h2>
        <p className="mt-3 text-lg text-slate-700">{messages.howItWorksIntro}</p>
      </div>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ title, text }, index) => (
          <li key={title} className="flex gap-4">
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">
                <span className="sr-only">{messages.stepNumber(index + 1)} </span>
                {title}
              </h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
