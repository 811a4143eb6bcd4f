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

export const certificateCodeParams = z.object({ code: text() });

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
