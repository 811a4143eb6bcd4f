import type { Certificate, CertificateVerification } from '@ishuri/contract';
import type { certificates } from '../../db/schema';

type CertificateRow = typeof certificates.$inferSelect;

/** Where a certificate's PDF is downloaded (the owner's or an admin's token is needed). */
export const certificateDownloadPath = (id: string) => `/api/certificate/download/${id}`;

/**
 * A certificate as its owner and admins see it. The course's title and type are the ones copied
 * in at issue, so the certificate reads the same after the course is renamed or deleted.
 */
export function presentCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    certificateCode: row.certificateCode,
    urlOfCert: certificateDownloadPath(row.id),
    createdAt: row.createdAt.toISOString(),
    learnerName: row.learnerName,
    course: { id: row.courseId, title: row.courseTitle, courseType: row.courseType },
  };
}

/** What the public verification page shows: nothing but the certificate's own words. */
export function presentVerification(row: CertificateRow): CertificateVerification {
  return {
    certificateCode: row.certificateCode,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    issuedAt: row.createdAt.toISOString(),
  };
}
