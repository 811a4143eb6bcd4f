import { messages } from '@ishuri/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { FormAlert } from '../../../components/form-alert';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { readBlogEarly, useBlog } from '../../../api/blogs';
import { longDate } from '../../../lib/format';
import { paragraphs } from '../text';

const backLinkClass =
  'inline-flex items-center gap-2 rounded-md font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline';

function BackToBlog() {
  return (
    <Link to="/blog" className={backLinkClass}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {messages.backToTheBlog}
    </Link>
  );
}

/**
 * The post is read as the app starts, while the page is drawn.
 *
 * @public (the route's `page` loader in app/routes.tsx takes it from the module)
 */
export const loader = readBlogEarly;

/** /blog/{id}: the whole post, as plain text paragraphs (never HTML from the database). */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const blog = useBlog(id);
  const shown = useBackgroundDraw(!blog.isPending);

  if (blog.isPending || !shown) return <PageSpinner />;

  if (blog.isError) {
    const missing = blog.error instanceof ApiError && blog.error.status === 404;
    return (
      <section className="mx-auto max-w-3xl space-y-6 px-4 py-12">
        <title>{pageTitle(messages.blog)}</title>
        <BackToBlog />
        <h1 className="text-3xl font-bold text-slate-900">
          {missing ? messages.blogNotFound : messages.blog}
        </h1>
        {!missing && (
          <>
            <FormAlert>{messages.blogPostLoadFailed}</FormAlert>
            <Button variant="secondary" onClick={() => void blog.refetch()}>
              {messages.tryAgain}
            </Button>
          </>
        )}
      </section>
    );
  }

  const post = blog.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <title>{pageTitle(post.title)}</title>
      <BackToBlog />
      <header className="mt-6 space-y-3">
        <h1 className="text-3xl font-bold break-words text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="text-slate-600">
          {messages.publishedOn} <time dateTime={post.createdAt}>{longDate(post.createdAt)}</time>
        </p>
      </header>
      <FallbackImage
        src={post.imageUrl}
        alt={post.title}
        width={800}
        height={420}
        eager
        className="mt-8 w-full rounded-2xl"
      />
      <div
        className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800"
        data-testid="blog-body"
      >
        {paragraphs(post.content).map((paragraph, index) => (
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="mt-12 border-t border-slate-200 pt-6">
        <BackToBlog />
      </div>
    </article>
  );
}
