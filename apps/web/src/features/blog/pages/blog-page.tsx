import { messages } from '@ishuri/contract';
import { Newspaper } from 'lucide-react';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { ShowMore } from '../../../components/show-more';
import { PageSpinner } from '../../../components/spinner';
import { itemsOf } from '../../../lib/paging';
import { useBackgroundDraw } from '../../../lib/taken-over';
import { pageTitle } from '../../../lib/site';
import { usePublicBlogs } from '../../../api/blogs';
import { BlogCard } from '../components/blog-card';

/** /blog: every post as a card (product.md §2). */
export default function BlogPage() {
  const blogs = usePublicBlogs();
  const listed = useBackgroundDraw(!blogs.isPending);
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <title>{pageTitle(messages.blog)}</title>
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{messages.blog}</h1>
        <p className="mt-3 text-lg text-slate-700">{messages.blogIntro}</p>
      </div>
      <div className="mt-10">
        {blogs.isPending || !listed ? (
          <PageSpinner />
        ) : blogs.isError ? (
          <div className="space-y-4">
            <FormAlert>{messages.blogLoadFailed}</FormAlert>
            <Button variant="secondary" onClick={() => void blogs.refetch()}>
              {messages.tryAgain}
            </Button>
          </div>
        ) : blogs.data.pages[0]!.data.length === 0 ? (
          <p className="flex items-center gap-3 rounded-2xl border border-dashed border-slate-300 p-8 text-slate-700">
            <Newspaper className="size-6 shrink-0 text-slate-500" aria-hidden="true" />
            {messages.noBlogs}
          </p>
        ) : (
          <>
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {itemsOf(blogs.data.pages).map((blog) => (
                <li key={blog.id} className="flex">
                  <BlogCard blog={blog} />
                </li>
              ))}
            </ul>
            <ShowMore
              shown={itemsOf(blogs.data.pages).length}
              total={blogs.data.pages[0]!.total ?? 0}
              label={messages.showMorePosts}
              hasMore={blogs.hasNextPage}
              loading={blogs.isFetchingNextPage}
              onMore={() => void blogs.fetchNextPage()}
            />
          </>
        )}
      </div>
    </section>
  );
}
