import { messages } from '@ishuri/contract';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';
import { FailedMailTable } from '../components/failed-mail-table';

/** /dashboard/failed-mail (admin): mail the server finally failed to send, with retry. */
export default function FailedMailPage() {
  return (
    <DashboardPage title={messages.failedMailTitle} intro={messages.failedMailIntro}>
      <FailedMailTable />
    </DashboardPage>
  );
}
