import { pageTitle } from '../../../lib/site';

/** Placeholder until the real screen is built. */
export default function BlogPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <title>{pageTitle('Blog')}</title>
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Blog</h1>
    </section>
  );
}
