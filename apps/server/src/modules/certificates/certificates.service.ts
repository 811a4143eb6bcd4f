import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { normalizeCertificateCode } from '@ishuri/contract';
import type { Actor, CourseType, ListQuery } from '@ishuri/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { certificates, users } from '../../db/schema';
import { requireAccess, requireActor } from '../../lib/access';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { currentLanguage, inLanguage } from '../../lib/i18n';
import { isUuid, uuidv7 } from '../../lib/ids';
import { countAll, listPage } from '../../lib/pagination';
import { renderPdfAsWebp } from '../../lib/pdf/certificate-image';
import { renderCertificatePdf } from '../../lib/pdf/certificate-pdf';
import { certificateMail } from './certificates.mail';
import { presentCertificate, presentVerification } from './certificates.presenter';

export const CERTIFICATE_JOB = 'certificate.issue';

type CertificateRow = typeof certificates.$inferSelect;

/** No 0/O, 1/I/L: a code read aloud or typed from paper is never ambiguous. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A random code such as `ISH-7K2M-9QX4` (31^8 ≈ 8.5 · 10^11 possibilities). */
export function generateCertificateCode(): string {
  const group = () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `ISH-${group()}-${group()}`;
}

export const verifyUrlOf = (ctx: AppContext, code: string) =>
  `${ctx.config.appUrl}/verify/${encodeURIComponent(code)}`;

const notFoundError = () => fail('CERTIFICATE_NOT_FOUND');

/** `Introduction à Python!` → `introduction-a-python`. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'course';
}

/**
 * Issues the learner's certificate for a course, inside the caller's transaction: one row per
 * learner and course (the unique index and ON CONFLICT DO NOTHING keep it one under concurrent
 * calls), with the learner's name and the course's title copied in, and a durable job that
 * renders and mails the PDF. Returns the certificate's id, new or existing. The caller kicks
 * the job queue after commit.
 */
export async function issueCertificate(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  course: { id: string; title: string; courseType: CourseType },
): Promise<string> {
  const [learner] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!learner) throw new Error('certificate for a learner that does not exist');
  const learnerName = `${learner.firstName} ${learner.lastName}`.trim();
  // A clash of random codes is all but impossible; a few tries make it impossible in practice.
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = uuidv7();
    const inserted = await tx
      .insert(certificates)
      .values({
        id,
        certificateCode: generateCertificateCode(),
        userId,
        courseId: course.id,
        learnerName,
        courseTitle: course.title,
        courseType: course.courseType,
        // Issued in the learner's language (their account's, else their request's).
        language: currentLanguage(),
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id });
    if (inserted[0]) {
      await ctx.jobs.enqueue(
        tx,
        CERTIFICATE_JOB,
        { certificateId: id },
        {
          dedupeKey: `certificate:${id}`,
        },
      );
      return id;
    }
    const [existing] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, course.id)))
      .limit(1);
    if (existing) return existing.id;
  }
  throw new Error('could not find a free certificate code');
}

async function findCertificate(ctx: AppContext, id: string): Promise<CertificateRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await ctx.database.db
    .select()
    .from(certificates)
    .where(eq(certificates.id, id))
    .limit(1);
  return row ?? null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The certificate's PDF, in the language it was issued in (English beside another). */
export function renderCertificate(ctx: AppContext, row: CertificateRow): Promise<Buffer> {
  return renderCertificatePdf({
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    certificateCode: row.certificateCode,
    issuedAt: row.createdAt,
    verifyUrl: verifyUrlOf(ctx, row.certificateCode),
    language: row.language ?? 'en',
  });
}

/**
 * The certificate's PDF key, rendering and storing the PDF first when it is not there yet
 * (the job has not run, or failed). Two renderings at once are harmless: the store is atomic
 * and both write the same key.
 */
export async function ensureCertificatePdf(ctx: AppContext, row: CertificateRow): Promise<string> {
  if (row.pdfKey && (await ctx.privateFiles.stat(row.pdfKey))) return row.pdfKey;
  const key = `certificates/${row.id}.pdf`;
  await ctx.privateFiles.put(key, await renderCertificate(ctx, row));
  await ctx.database.db
    .update(certificates)
    .set({ pdfKey: key })
    .where(eq(certificates.id, row.id));
  return key;
}

/**
 * The job written with a new certificate: render and store the PDF (and its picture) if needed,
 * then mail it to the learner. A failure throws, and the queue retries it with back-off.
 */
export async function runCertificateJob(ctx: AppContext, payload: unknown): Promise<void> {
  const { certificateId } = payload as { certificateId: string };
  const row = await findCertificate(ctx, certificateId);
  if (!row) return;
  const key = await ensureCertificatePdf(ctx, row);
  // The picture too, so that the learner's first look at it is instant; a failure here only
  // means it is drawn on that first look instead, and never holds back the mail.
  await ensureCertificateImage(ctx, row).catch((error: unknown) =>
    ctx.log.warn({ err: error, certificateId }, 'certificate picture not drawn'),
  );
  if (!row.userId) return; // the learner's account is gone: nobody to mail
  const [learner] = await ctx.database.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  if (!learner) return;
  const pdf = await readAll(ctx.privateFiles.read(key));
  // The mail speaks the certificate's language, whoever queued the job.
  const mail = inLanguage(row.language ?? 'en', () =>
    certificateMail({
      firstName: learner.firstName,
      courseTitle: row.courseTitle,
      certificateCode: row.certificateCode,
      verifyUrl: verifyUrlOf(ctx, row.certificateCode),
    }),
  );
  await ctx.mailer.send({
    to: learner.email,
    ...mail,
    attachments: [
      {
        filename: `${slugify(row.courseTitle)}-certificate.pdf`,
        content: pdf,
        contentType: 'application/pdf',
      },
    ],
  });
}

export function registerCertificateJobs(ctx: AppContext): void {
  ctx.jobs.register(CERTIFICATE_JOB, (payload) => runCertificateJob(ctx, payload), {
    sendsMail: true,
  });
}

const certificateList = (where?: SQL) => ({
  searchable: [certificates.certificateCode, certificates.learnerName, certificates.courseTitle],
  sortable: {
    createdAt: certificates.createdAt,
    certificateCode: certificates.certificateCode,
    learnerName: certificates.learnerName,
    courseTitle: certificates.courseTitle,
  },
  defaultOrder: [desc(certificates.createdAt), asc(certificates.id)],
  where,
});

/** Every certificate (admin), including those whose learner or course was deleted. */
export async function listAllCertificates(ctx: AppContext, actor: Actor | null, query: ListQuery) {
  requireAccess(actor, 'certificate:listAll');
  return listPage(ctx.database.db, certificates, certificateList(), query, presentCertificate);
}

export async function listOwnCertificates(ctx: AppContext, caller: Actor | null, query: ListQuery) {
  const actor = requireActor(caller, 'certificate:readOwn');
  const spec = certificateList(eq(certificates.userId, actor.id));
  return listPage(ctx.database.db, certificates, spec, query, presentCertificate);
}

/** How many certificates there are: all of them (admin), or the caller's own. */
export async function countCertificates(ctx: AppContext, caller: Actor | null, own: boolean) {
  const actor = requireActor(caller, own ? 'certificate:readOwn' : 'certificate:listAll');
  const [row] = await ctx.database.db
    .select({ n: countAll })
    .from(certificates)
    .where(own ? eq(certificates.userId, actor.id) : undefined);
  return { count: row?.n ?? 0 };
}

/** The PDF of a certificate, for its owner or an admin; rendered now if it is not yet. */
export async function openCertificatePdf(ctx: AppContext, actor: Actor | null, id: string) {
  const row = await findCertificate(ctx, id);
  if (!row) throw notFoundError();
  requireAccess(actor, 'certificate:download', { userId: row.userId ?? undefined });
  const key = await ensureCertificatePdf(ctx, row);
  // A certificate is a few kilobytes: it is read whole and sent with its length.
  return {
    body: await readAll(ctx.privateFiles.read(key)),
    filename: `${slugify(row.courseTitle)}-certificate.pdf`,
  };
}

/**
 * The key of the certificate's picture, drawing it from the PDF (stored under
 * `certificates/<id>.webp`) when it is not there yet. A certificate never changes, so the stored
 * picture never goes stale.
 */
async function ensureCertificateImage(ctx: AppContext, row: CertificateRow): Promise<string> {
  const key = `certificates/${row.id}.webp`;
  if (await ctx.privateFiles.stat(key)) return key;
  const pdf = await readAll(ctx.privateFiles.read(await ensureCertificatePdf(ctx, row)));
  await ctx.privateFiles.put(key, await renderPdfAsWebp(pdf));
  return key;
}

/** A picture of the certificate, for its owner or an admin (drawn now if it is not yet). */
export async function openCertificateImage(ctx: AppContext, actor: Actor | null, id: string) {
  const row = await findCertificate(ctx, id);
  if (!row) throw notFoundError();
  requireAccess(actor, 'certificate:download', { userId: row.userId ?? undefined });
  return { body: await readAll(ctx.privateFiles.read(await ensureCertificateImage(ctx, row))) };
}

/**
 * Public verification by code; the code is matched whatever its case, spaces or dashes (the
 * route's schema normalises it already; done again here for callers other than the route).
 */
export async function verifyCertificate(ctx: AppContext, code: string) {
  const normalized = normalizeCertificateCode(code);
  if (!/^[A-Z0-9-]{1,32}$/.test(normalized)) throw notFoundError();
  const [row] = await ctx.database.db
    .select()
    .from(certificates)
    .where(eq(certificates.certificateCode, normalized))
    .limit(1);
  if (!row) throw notFoundError();
  return presentVerification(row);
}
