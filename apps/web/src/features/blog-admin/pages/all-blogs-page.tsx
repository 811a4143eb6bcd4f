import { messages } from '@ishuri/contract';
import type { Blog } from '@ishuri/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { ButtonLink } from '../../../components/button';
import { removeColumn, ServerList } from '../../../components/data-table/server-list';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { tableDate, truncate } from '../../../lib/format';
import { useDeleteBlog } from '../../../api/blog-changes';
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
      removeColumn({
        ask,
        icon: Trash2,
        text: messages.delete2,
        label: (row) => messages.delete(row.title),
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
      <ServerList
        label={messages.blogPosts}
        columns={columns}
        getRowId={rowId}
        emptyMessage={messages.noBlogs}
        query={blogs}
        table={table}
      />
      <ConfirmRemoval
        title={messages.deleteBlogPost}
        question={remove.target ? messages.confirmDeleteBlog(remove.target.title) : null}
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}
