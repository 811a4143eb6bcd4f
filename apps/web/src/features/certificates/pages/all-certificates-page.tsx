import { messages } from '@ishuri/contract';
import type { Certificate } from '@ishuri/contract';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useServerTable } from '../../../components/data-table/table-state';
import { useAllCertificates } from '../../../api/certificates';
import { CertificateCard } from '../components/certificate-card';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';

const column = columnsFor<Certificate>();
// The ids are the fields the server sorts by.
const columns = [
  column.accessor((row) => row.course.title, {
    id: 'courseTitle',
    get header() {
      return messages.course;
    },
  }),
  // Whose certificate it is, by the name it reads (issue 32, point 14).
  column.accessor('learnerName', {
    get header() {
      return messages.certificateLearner;
    },
  }),
  column.accessor('certificateCode', {
    get header() {
      return messages.code;
    },
  }),
  column.accessor('createdAt', {
    get header() {
      return messages.dateIssued;
    },
  }),
];
const rowId = (row: Certificate) => row.id;
const renderCard = (certificate: Certificate) => (
  <CertificateCard certificate={certificate} showLearner />
);

/** /dashboard/allCertificates (admin): every certificate, paged by the server. */
export default function AllCertificatesPage() {
  const table = useServerTable();
  const certificates = useAllCertificates(table.query);
  return (
    <DashboardPage title={messages.allCertificates} intro={messages.allCertificatesIntro}>
      <DataTable
        label={messages.certificates}
        columns={columns}
        data={certificates.data?.data}
        getRowId={rowId}
        emptyMessage={messages.noCertificates}
        loading={certificates.isFetching}
        error={certificates.isError ? messages.certificatesLoadFailed : null}
        onRetry={() => void certificates.refetch()}
        server={{ state: table.state, setState: table.setState, total: certificates.data?.total }}
        renderCard={renderCard}
      />
    </DashboardPage>
  );
}
