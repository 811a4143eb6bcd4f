import { messages } from '@ishuri/contract';
import type { Certificate } from '@ishuri/contract';
import { DataTable } from '../../../components/data-table/data-table';
import { columnsFor } from '../../../components/data-table/table-features';
import { useMyCertificates } from '../../../api/certificates';
import { CertificateCard } from '../components/certificate-card';
import { DashboardPage } from '../../../components/dashboard/dashboard-page';

const column = columnsFor<Certificate>();
const columns = [
  column.accessor((row) => row.course.title, {
    id: 'course',
    get header() {
      return messages.course;
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
const renderCard = (certificate: Certificate) => <CertificateCard certificate={certificate} />;

/** /dashboard/myCertificate: the signed-in user's certificates, to view and download. */
export default function MyCertificatesPage() {
  const certificates = useMyCertificates();
  return (
    <DashboardPage title={messages.myCertificates2} intro={messages.certificatesIntro}>
      <DataTable
        label={messages.certificates}
        columns={columns}
        data={certificates.data}
        getRowId={rowId}
        emptyMessage={messages.noCertificates}
        loading={certificates.isPending}
        error={certificates.isError ? messages.certificatesLoadFailed : null}
        onRetry={() => void certificates.refetch()}
        renderCard={renderCard}
      />
    </DashboardPage>
  );
}
