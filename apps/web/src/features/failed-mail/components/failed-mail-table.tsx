import { messages } from '@ishuri/contract';
import type { FailedMail, MailKind } from '@ishuri/contract';
import { RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { errorMessage } from '../../../lib/api-client';
import { tableDate } from '../../../lib/format';
import { useFailedMail, useRetryMail } from '../../../api/mail';

const column = columnsFor<FailedMail>();
const rowId = (row: FailedMail) => row.id;

const kindLabels: Record<MailKind, string> = {
  get resetLink() {
    return messages.mailKindResetLink;
  },
  get certificate() {
    return messages.mailKindCertificate;
  },
  get mail() {
    return messages.mailKindMail;
  },
};

/**
 * Mail the server finally failed to send, one page at a time, each with Retry: the failed-mail
 * screen's list, and the System screen's. `onRetried` runs after a mail is queued again.
 */
export function FailedMailTable({ onRetried }: { onRetried?: () => void }) {
  const table = useServerTable();
  const failed = useFailedMail(table.query);
  const retry = useRetryMail();
  const [busyId, setBusyId] = useState<string | null>(null);

  const columns = useMemo(() => {
    const run = async (row: FailedMail) => {
      setBusyId(row.id);
      try {
        const answer = await retry.mutateAsync(row.id);
        toast.success(answer?.message ?? messages.mailRetried);
        onRetried?.();
      } catch (error) {
        toast.error(errorMessage(error, messages.mailRetryFailed));
      } finally {
        setBusyId(null);
      }
    };
    // The action comes first, so that a phone shows it without scrolling the table sideways.
    return [
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{messages.actions}</span>,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="ghost"
            disabled={busyId === row.original.id}
            onClick={() => void run(row.original)}
            aria-label={messages.retryTheMailTo(
              row.original.recipient ?? kindLabels[row.original.kind],
            )}
          >
            <RotateCw className="size-4" aria-hidden="true" />
            {messages.retry}
          </Button>
        ),
      }),
      column.accessor('recipient', {
        header: messages.recipient,
        enableSorting: false,
        cell: (info) => <span className="break-all">{info.getValue() ?? '—'}</span>,
      }),
      column.accessor('kind', {
        header: messages.mail,
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            <span className="block font-medium">{kindLabels[row.original.kind]}</span>
            {row.original.subject ? (
              <span className="block text-slate-600">{row.original.subject}</span>
            ) : null}
          </span>
        ),
      }),
      column.accessor('attempts', { header: messages.attempts, enableSorting: false }),
      column.accessor('lastError', {
        header: messages.lastError,
        enableSorting: false,
        cell: (info) => (
          <span className="line-clamp-3 break-words text-sm">{info.getValue() ?? '—'}</span>
        ),
      }),
      column.accessor('createdAt', {
        header: messages.written,
        enableSorting: false,
        cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
      }),
      column.accessor('lastAttemptAt', {
        header: messages.lastAttempt,
        enableSorting: false,
        cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
      }),
    ];
  }, [busyId, retry, onRetried]);

  return (
    <DataTable
      label={messages.failedMailTitle}
      columns={columns}
      data={failed.data?.data}
      getRowId={rowId}
      emptyMessage={messages.noFailedMail}
      loading={failed.isFetching}
      error={failed.isError ? messages.listLoadFailed : null}
      onRetry={() => void failed.refetch()}
      server={{ state: table.state, setState: table.setState, total: failed.data?.total }}
    />
  );
}
