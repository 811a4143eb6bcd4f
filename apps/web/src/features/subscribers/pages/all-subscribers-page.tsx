import { messages } from '@ishuri/contract';
import type { Subscriber } from '@ishuri/contract';
import { UserMinus } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { ConfirmDialog } from '../../../components/modal';
import { tableDate } from '../../../lib/format';
import { useSubscribers } from '../../../api/subscribers';
import { useRemoveSubscriber } from '../../../api/subscribers';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

const column = columnsFor<Subscriber>();
const rowId = (row: Subscriber) => row.id;

/** /dashboard/allSub (admin): the newsletter's subscribers, with remove. */
export default function AllSubscribersPage() {
  const table = useServerTable();
  const subscribers = useSubscribers(table.query);
  const removeSubscriber = useRemoveSubscriber();
  const remove = useConfirmedDelete<Subscriber>({
    run: (subscriber) => removeSubscriber.mutateAsync(subscriber.email),
    success: messages.subscriberRemoved,
    failure: messages.deleteFailed,
  });
  const { ask } = remove;

  const columns = useMemo(
    () => [
      column.accessor('email', { header: messages.email }),
      column.accessor('status', {
        header: messages.status,
        enableSorting: false,
        cell: (info) =>
          info.getValue() === 'confirmed' ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
              {messages.confirmed}
            </span>
          ) : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-950">
              {messages.pending}
            </span>
          ),
      }),
      column.accessor('createdAt', {
        header: messages.subscribed,
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
            aria-label={messages.remove(row.original.email)}
          >
            <UserMinus className="size-4" aria-hidden="true" />
            {messages.remove2}
          </Button>
        ),
      }),
    ],
    [ask],
  );

  return (
    <DashboardPage title={messages.allSubscribers} intro={messages.allSubscribersIntro}>
      <DataTable
        label={messages.subscribers}
        columns={columns}
        data={subscribers.data?.data}
        getRowId={rowId}
        emptyMessage={messages.noSubscribers}
        loading={subscribers.isFetching}
        error={subscribers.isError ? messages.listLoadFailed : null}
        onRetry={() => void subscribers.refetch()}
        server={{ state: table.state, setState: table.setState, total: subscribers.data?.total }}
      />
      <ConfirmDialog
        title={messages.removeSubscriber}
        confirmLabel="Remove"
        message={
          remove.target ? <p>{messages.confirmRemoveSubscriber(remove.target.email)}</p> : null
        }
        {...remove.dialog}
      />
    </DashboardPage>
  );
}
