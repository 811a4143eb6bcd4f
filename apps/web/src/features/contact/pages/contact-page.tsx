import { messages } from '@ishuri/contract';
import { pageTitle } from '../../../lib/site';
import { ContactForm } from '../components/contact-form';
import { ContactPanel } from '../components/contact-panel';

/** /contact (decisions.md §7): the form and the side panel. */
export default function ContactPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <title>{pageTitle(messages.contact)}</title>
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{messages.contactUs}</h1>
        <p className="mt-3 text-lg text-slate-700">{messages.contactIntro}</p>
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <ContactForm />
        </div>
        <ContactPanel />
      </div>
    </section>
  );
}
