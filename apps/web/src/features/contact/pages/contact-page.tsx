import { pageTitle } from '../../../lib/site';

/** Placeholder until the real screen is built. */
export default function ContactPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <title>{pageTitle('Contact')}</title>
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact us</h1>
    </section>
  );
}
