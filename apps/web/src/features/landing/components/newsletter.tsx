import { messages } from '@ishuri/contract';
import { SubscribeForm } from './subscribe-form';

/** The newsletter band above the footer. */
export function Newsletter() {
  return (
    <section
      aria-labelledby="newsletter"
      className="bg-brand-800 [--focus-ring:var(--color-sky-300)]"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-16 lg:grid-cols-2">
        <div>
          <h2 id="newsletter" className="text-3xl font-bold text-white">
            {messages.subscribeToOurNewsletter}
          </h2>
          <p className="mt-3 text-lg text-brand-50">{messages.subscribeIntro}</p>
        </div>
        <SubscribeForm />
      </div>
    </section>
  );
}
