import { messages } from '@ishuri/contract';
import type { Subscriber } from '@ishuri/contract';
import { UserMinus } from 'lucide-react';
import { useMemo } from 'react';
import { removeColumn, ServerList } from '../../../components/data-table/server-list';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
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
      removeColumn({
        ask,
        icon: UserMinus,
        text: messages.remove2,
        label: (row) => messages.remove(row.email),
      }),
    ],
    [ask],
  );

  return (
    <DashboardPage title={messages.allSubscribers} intro={messages.allSubscribersIntro}>
      <ServerList
        label={messages.subscribers}
        columns={columns}
        getRowId={rowId}
        emptyMessage={messages.noSubscribers}
        query={subscribers}
        table={table}
      />
      <ConfirmRemoval
        title={messages.removeSubscriber}
        confirmLabel={messages.remove2}
        question={remove.target ? messages.confirmRemoveSubscriber(remove.target.email) : null}
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}
