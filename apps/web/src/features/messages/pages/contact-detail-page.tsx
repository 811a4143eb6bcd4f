import { messages } from '@ishuri/contract';
import type { ContactMessage } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/button';
import { LoadFailed } from '../../../components/load-failed';
import { ConfirmRemoval } from '../../../components/dashboard/confirm-removal';
import { PageSpinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { longDate } from '../../../lib/format';
import { useDeleteContact } from '../../../api/contact';
import { contactKeys, useContact } from '../../../api/contact';
import { DashboardPage, Panel } from '../../../components/dashboard/dashboard-page';
import { linkClass } from '../../../components/dashboard/styles';
import { useConfirmedDelete } from '../../../components/dashboard/use-confirmed-delete';

const back = () => (
  <ButtonLink to="/dashboard" variant="secondary">
    <ArrowLeft className="size-4" aria-hidden="true" />
    {messages.dashboard}
  </ButtonLink>
);

/** /dashboard/contact/{id} (admin): one message from the contact form, with delete. */
export default function ContactDetailPage() {
  const { id = '' } = useParams();
  const contact = useContact(id);
  const deleteContact = useDeleteContact();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useConfirmedDelete<ContactMessage>({
    run: (message) => deleteContact.mutateAsync(message.id),
    success: messages.contactDeleted,
    failure: messages.contactDeleteFailed,
    fixed: true,
    onDeleted: async (message) => {
      await navigate('/dashboard', { replace: true });
      queryClient.removeQueries({ queryKey: contactKeys.one(message.id) });
    },
  });

  if (contact.isPending) return <PageSpinner />;
  if (contact.isError) {
    const missing = contact.error instanceof ApiError && contact.error.status === 404;
    return (
      <DashboardPage title={missing ? messages.contactNotFound : messages.message}>
        <LoadFailed
          message={missing ? messages.contactNotFound : messages.contactLoadFailed}
          onRetry={missing ? undefined : () => void contact.refetch()}
        />
        {back()}
      </DashboardPage>
    );
  }

  const message = contact.data;
  const details: Array<[string, ReactNode]> = [
    [messages.messageFrom, message.FullName],
    [
      messages.email,
      <a key="email" href={`mailto:${message.email}`} className={linkClass}>
        {message.email}
      </a>,
    ],
    [messages.messagePhone, message.phone || '—'],
    [messages.messageReceived, longDate(message.createdAt)],
  ];

  return (
    <DashboardPage
      title={message.subject}
      intro={messages.contactDetailIntro}
      actions={
        <>
          {back()}
          <Button variant="danger" onClick={() => remove.ask(message)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {messages.delete2}
          </Button>
        </>
      }
    >
      <Panel>
        <dl className="grid gap-4 sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-slate-600">{term}</dt>
              <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-6 mb-2 text-sm font-medium text-slate-600">{messages.message}</h2>
        <p className="whitespace-pre-line text-slate-900">{message.message}</p>
      </Panel>
      <ConfirmRemoval
        title={messages.deleteMessage}
        question={remove.target ? messages.confirmDeleteContact(remove.target.FullName) : null}
        dialog={remove.dialog}
      />
    </DashboardPage>
  );
}
