import { messages } from '@ishuri/contract';
import type { User } from '@ishuri/contract';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { ServerList } from '../../../components/data-table/server-list';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { Modal } from '../../../components/modal';
import { useSession } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { tableDate } from '../../../lib/format';
import { useDeleteUser } from '../../../api/users';
import { useUsers } from '../../../api/users';
import { AddUserForm } from '../components/add-user-form';
import { EditUserForm } from '../components/edit-user-form';
import { roleName } from '../../../lib/role-name';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { badgeClass } from '../../../components/dashboard/styles';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

const column = columnsFor<User>();
const rowId = (row: User) => row.id;

const roleColours: Record<User['role'], string> = {
  admin: 'bg-purple-100 text-purple-900',
  instructor: 'bg-sky-100 text-sky-900',
  learner: 'bg-slate-100 text-slate-800',
};

/** /dashboard/all-users (admin): every account, with add and delete. */
export default function AllUsersPage() {
  const session = useSession();
  const selfId = session?.id;
  const table = useServerTable();
  const users = useUsers(table.query);
  const deleteUser = useDeleteUser();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const remove = useConfirmedDelete<User>({
    run: (user) => deleteUser.mutateAsync(user.id),
    success: messages.userDeleted,
    failure: messages.deleteFailed,
  });
  const { ask } = remove;

  const columns = useMemo(
    () => [
      column.accessor('firstName', { header: messages.firstName }),
      column.accessor('lastName', { header: messages.lastName }),
      column.accessor('email', {
        header: messages.email,
        // A long address wraps anywhere (an address has no spaces) instead of widening the
        // card or the table past a 360 px phone.
        cell: (info) => <span className="min-w-0 wrap-anywhere">{info.getValue()}</span>,
      }),
      column.accessor('role', {
        header: messages.role,
        cell: (info) => (
          <span className={cn(badgeClass, roleColours[info.getValue()])}>
            {roleName(info.getValue())}
          </span>
        ),
      }),
      column.accessor('createdAt', {
        header: messages.joined,
        cell: (info) => <span className="whitespace-nowrap">{tableDate(info.getValue())}</span>,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">{messages.actions}</span>,
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setEditing(row.original)}
              aria-label={messages.editUserNamed(
                `${row.original.firstName} ${row.original.lastName}`,
              )}
            >
              <Pencil className="size-4" aria-hidden="true" />
              {messages.edit}
            </Button>
            {row.original.id === selfId ? (
              <span className="self-center text-sm text-slate-600">{messages.you}</span>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => ask(row.original)}
                aria-label={messages.delete3(row.original.firstName, row.original.lastName)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {messages.delete2}
              </Button>
            )}
          </div>
        ),
      }),
    ],
    [ask, selfId],
  );

  return (
    <DashboardPage
      title={messages.allUsers}
      intro={messages.allUsersIntro}
      actions={
        <Button onClick={() => setAdding(true)}>
          <UserPlus className="size-4" aria-hidden="true" />
          {messages.addUser}
        </Button>
      }
    >
      <ServerList
        label={messages.users}
        columns={columns}
        getRowId={rowId}
        emptyMessage={messages.noUsers}
        query={users}
        table={table}
      />
      <Modal open={adding} onClose={() => setAdding(false)} title={messages.addAUser} size="lg">
        <AddUserForm
          onCancel={() => setAdding(false)}
          onSaved={(message) => {
            setAdding(false);
            toast.success(message ?? messages.userCreated);
          }}
        />
      </Modal>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={messages.editUser}
        size="lg"
      >
        {editing && (
          <EditUserForm
            key={editing.id}
            user={editing}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              toast.success(message ?? messages.userEdited);
            }}
          />
        )}
      </Modal>
      <ConfirmRemoval
        title={messages.deleteUser}
        question={
          remove.target
            ? messages.confirmDeleteUser(`${remove.target.firstName} ${remove.target.lastName}`)
            : null
        }
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}
