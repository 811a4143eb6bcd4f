import { messages } from '@ishuri/contract';
import type { Blog } from '@ishuri/contract';
import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { longDate } from '../../../lib/format';
import { excerpt } from '../text';

/** A post in the list: image, title, date, the first 200 characters and Read More. */
export function BlogCard({ blog }: { blog: Blog }) {
  const headingId = `blog-${blog.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="blog-card"
    >
      <FallbackImage src={blog.imageUrl} alt="" width={800} height={420} className="w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <time dateTime={blog.createdAt} className="text-sm text-slate-600">
          {longDate(blog.createdAt)}
        </time>
        <h2 id={headingId} className="text-xl font-semibold break-words text-slate-900">
          {blog.title}
        </h2>
        <p className="flex-1 break-words text-slate-700" data-testid="blog-excerpt">
          {excerpt(blog.content)}
        </p>
        <ButtonLink to={`/blog/${blog.id}`} variant="secondary" className="self-start">
          {messages.readMore}
          <span className="sr-only">: {blog.title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </div>
    </article>
  );
}
