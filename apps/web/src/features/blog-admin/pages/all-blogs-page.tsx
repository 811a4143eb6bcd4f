import { messages } from '@ishuri/contract';
import type { Blog } from '@ishuri/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { ConfirmDialog } from '../../../components/modal';
import { tableDate, truncate } from '../../../lib/format';
import { useDeleteBlog } from '../../../api/blogs';
import { useBlogs } from '../../../api/blogs';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

const column = columnsFor<Blog>();
const rowId = (row: Blog) => row.id;

/** /dashboard/AllBlogs (admin): the blog posts, with delete. */
export default function AllBlogsPage() {
  const table = useServerTable();
  const blogs = useBlogs(table.query);
  const deleteBlog = useDeleteBlog();
  const remove = useConfirmedDelete<Blog>({
    run: (blog) => deleteBlog.mutateAsync(blog.id),
    success: messages.blogDeleted,
    failure: messages.deleteFailed,
  });
  const { ask } = remove;

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: messages.title,
        cell: ({ row }) => (
          <span className="flex items-center gap-3">
            {row.original.imageUrl ? (
              <img
                src={row.original.imageUrl}
                alt=""
                className="size-10 shrink-0 rounded-md object-cover"
                loading="lazy"
              />
            ) : null}
            <span className="font-medium">{row.original.title}</span>
          </span>
        ),
      }),
      column.accessor('content', {
        header: messages.content,
        enableSorting: false,
        cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 60)}</span>,
      }),
      column.accessor('createdAt', {
        header: messages.published,
        cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{messages.actions}</span>,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => ask(row.original)}
            aria-label={messages.delete(row.original.title)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {messages.delete2}
          </Button>
        ),
      }),
    ],
    [ask],
  );

  return (
    <DashboardPage
      title={messages.allBlogs}
      intro={messages.allBlogsIntro}
      actions={
        <ButtonLink to="/dashboard/CreateBlog">
          <Plus className="size-4" aria-hidden="true" />
          {messages.addBlog}
        </ButtonLink>
      }
    >
      <DataTable
        label={messages.blogPosts}
        columns={columns}
        data={blogs.data?.data}
        getRowId={rowId}
        emptyMessage={messages.noBlogs}
        loading={blogs.isFetching}
        error={blogs.isError ? messages.listLoadFailed : null}
        onRetry={() => void blogs.refetch()}
        server={{ state: table.state, setState: table.setState, total: blogs.data?.total }}
      />
      <ConfirmDialog
        title={messages.deleteBlogPost}
        message={
          remove.target ? (
            <>
              <p>{messages.confirmDeleteBlog(remove.target.title)}</p>
              <p className="mt-2 font-medium">{messages.cannotBeUndone}</p>
            </>
          ) : null
        }
        {...remove.dialog}
      />
    </DashboardPage>
  );
}
