import { z } from 'zod';
import { countOf, idParams, idSchema, listQuerySchema, text, timestamp } from './common';
import { endpoint } from './endpoint';
import { courseTypeSchema } from './course-type';

export const certificateSchema = z.object({
  id: idSchema,
  certificateCode: z.string(),
  /** Where the PDF is downloaded (needs the owner's or an admin's token). */
  urlOfCert: z.string(),
  createdAt: timestamp,
  /**
   * The learner's name as the certificate reads it (copied in at issue): the All certificates
   * list names the learner, never an id (issue 32, point 14).
   */
  learnerName: z.string(),
  /** `id` is null once the course was deleted (the certificate keeps its title and type). */
  course: z.object({ id: idSchema.nullable(), title: z.string(), courseType: courseTypeSchema }),
});
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * A certificate code as it is stored (`ISH-7K2M-9QX4`), from what someone typed or read aloud:
 * any letter case, spaces, dashes of any kind or none (`ish 7k2m 9qx4`, `ISH7K2M9QX4`). What is
 * not shaped like a code comes back in capitals without spaces or dashes, and matches nothing.
 */
export function normalizeCertificateCode(typed: string): string {
  const bare = typed.replace(/[\s\p{Pd}\u00ad\u200b-\u200d\u2060\ufeff]+/gu, '').toUpperCase();
  const parts = /^ISH([A-Z0-9]{4})([A-Z0-9]{4})$/.exec(bare);
  return parts ? `ISH-${parts[1]}-${parts[2]}` : bare;
}

/** The code in /verify/{code}, normalised (the server matches it whatever its form). */
export const certificateCodeParams = z.object({
  code: text().transform(normalizeCertificateCode),
});

/** GET /api/certificate/verify/{code}: public. */
export const certificateVerificationSchema = z.object({
  certificateCode: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  issuedAt: timestamp,
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** Certificates of completed premium courses, and their public verification (decisions.md §4). */
export const certificateApi = {
  listAll: endpoint({
    operationId: 'listCertificates',
    method: 'GET',
    path: '/api/certificate/all',
    action: 'certificate:listAll',
    tag: 'certificates',
    summary: 'All certificates (admin); paged with page, pageSize, q, sort',
    query: listQuerySchema,
    reply: { kind: 'list', item: certificateSchema },
    errors: ['BAD_SORT'],
  }),
  mine: endpoint({
    operationId: 'listOwnCertificates',
    method: 'GET',
    path: '/api/certificate/byUser',
    action: 'certificate:readOwn',
    tag: 'certificates',
    summary: 'The signed-in user’s certificates; paged with page, pageSize, q, sort',
    query: listQuerySchema,
    reply: { kind: 'list', item: certificateSchema },
    errors: ['BAD_SORT'],
  }),
  countAll: endpoint({
    operationId: 'countCertificates',
    method: 'GET',
    path: '/api/certificate/number',
    action: 'certificate:listAll',
    tag: 'certificates',
    summary: 'How many certificates exist (admin)',
    reply: { kind: 'data', schema: countOf },
    errors: [],
  }),
  countMine: endpoint({
    operationId: 'countOwnCertificates',
    method: 'GET',
    path: '/api/certificate/numberByUser',
    action: 'certificate:readOwn',
    tag: 'certificates',
    summary: 'How many certificates the signed-in user has',
    reply: { kind: 'data', schema: countOf },
    errors: [],
  }),
  download: endpoint({
    operationId: 'downloadCertificate',
    method: 'GET',
    path: '/api/certificate/download/:id',
    action: 'certificate:download',
    tag: 'certificates',
    summary: 'A certificate’s PDF (its owner or an admin), as an attachment',
    description: 'The PDF is rendered now if it was not yet.',
    params: idParams,
    reply: { kind: 'file', contentType: 'application/pdf' },
    errors: ['CERTIFICATE_NOT_FOUND'],
  }),
  image: endpoint({
    operationId: 'certificateImage',
    method: 'GET',
    path: '/api/certificate/image/:id',
    action: 'certificate:download',
    tag: 'certificates',
    summary: 'A picture (WebP, 1600 px wide) of a certificate (its owner or an admin)',
    description:
      'Drawn from the PDF itself, for screens without a PDF viewer; drawn on the first ' +
      'request and kept.',
    params: idParams,
    reply: { kind: 'file', contentType: 'image/webp' },
    errors: ['CERTIFICATE_NOT_FOUND'],
  }),
  verify: endpoint({
    operationId: 'verifyCertificate',
    method: 'GET',
    path: '/api/certificate/verify/:code',
    action: 'certificate:verify',
    tag: 'certificates',
    summary: 'Public verification of a certificate by its code',
    params: certificateCodeParams,
    reply: { kind: 'data', schema: certificateVerificationSchema },
    errors: ['CERTIFICATE_NOT_FOUND'],
  }),
};
