import { z } from 'zod';
import { idSchema, listOf, text, timestamp } from './common';
import { courseTypeSchema } from './course';

export const certificateSchema = z.object({
  id: idSchema,
  certificateCode: z.string(),
  /** Where the PDF is downloaded (needs the owner's or an admin's token). */
  urlOfCert: z.string(),
  createdAt: timestamp,
  course: z.object({ title: z.string(), courseType: courseTypeSchema }),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListResponseSchema = listOf(certificateSchema);

export const certificateCodeParams = z.object({ code: text() });

/** GET /api/certificate/verify/{code}: public. */
export const certificateVerificationSchema = z.object({
  certificateCode: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  issuedAt: timestamp,
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export const certificateVerifyResponseSchema = z.object({ data: certificateVerificationSchema });
