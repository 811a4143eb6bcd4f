import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import authRoutes from './modules/auth/auth.routes';
import { registerPasswordResetJobs } from './modules/auth/password-reset';
import blogRoutes from './modules/blogs/blogs.routes';
import certificateRoutes from './modules/certificates/certificates.routes';
import { registerCertificateJobs } from './modules/certificates/certificates.service';
import contactRoutes from './modules/contact/contact.routes';
import courseRoutes from './modules/courses/courses.routes';
import curriculumRoutes from './modules/curriculum/curriculum.routes';
import enrolmentRoutes from './modules/enrolments/enrolments.routes';
import healthRoutes from './modules/health/health.routes';
import { registerMailJobs } from './modules/mail/mail.jobs';
import mailRoutes from './modules/mail/mail.routes';
import { registerRenditionJobs } from './modules/media/renditions';
import tusRoutes from './modules/media/tus.routes';
import uploadsRoutes from './modules/media/uploads.routes';
import premiumRoutes from './modules/premium/premium.routes';
import discussionRoutes from './modules/discussions/discussions.routes';
import announcementRoutes from './modules/announcements/announcements.routes';
import supportRoutes from './modules/support/support.routes';
import webinarRoutes from './modules/webinars/webinars.routes';
import resourceRoutes from './modules/resources/resources.routes';
import progressRoutes from './modules/progress/progress.routes';
import quizRoutes from './modules/quizzes/quizzes.routes';
import reportRoutes from './modules/reports/reports.routes';
import { registerNewsletterJobs } from './modules/subscribers/newsletter';
import subscriberRoutes from './modules/subscribers/subscribers.routes';
import systemRoutes from './modules/system/system.routes';
import { registerEmailChangeJobs } from './modules/users/email-change.service';
import userRoutes from './modules/users/users.routes';

/** Each module's jobs (mail, certificates, renditions...), known to the queue before it runs. */
export function registerJobHandlers(ctx: AppContext): void {
  registerMailJobs(ctx);
  registerCertificateJobs(ctx);
  registerPasswordResetJobs(ctx);
  registerEmailChangeJobs(ctx);
  registerNewsletterJobs(ctx);
  registerRenditionJobs(ctx);
}

/** Each module's routes (a module that schedules work does it as it registers). */
export async function registerRoutes(app: FastifyInstance, config: Config): Promise<void> {
  for (const routes of [
    healthRoutes,
    systemRoutes,
    authRoutes,
    userRoutes,
    courseRoutes,
    curriculumRoutes,
    quizRoutes,
    reportRoutes,
    blogRoutes,
    enrolmentRoutes,
    contactRoutes,
    subscriberRoutes,
    mailRoutes,
    progressRoutes,
    certificateRoutes,
    premiumRoutes,
    discussionRoutes,
    announcementRoutes,
    supportRoutes,
    webinarRoutes,
    resourceRoutes,
    tusRoutes,
  ]) {
    await app.register(routes);
  }
  await app.register(uploadsRoutes, {
    prefix: '/uploads',
    root: config.s3 ? null : path.join(config.dataDir, 'uploads'),
  });
}
