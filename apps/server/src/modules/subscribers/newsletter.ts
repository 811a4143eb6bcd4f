import { messages } from '../../lib/i18n';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { subscribers } from '../../db/schema';
import type { AppContext } from '../../context';
import { isUuid } from '../../lib/ids';
import { escapeHtml, layout } from '../mail/mail-templates';
import type { Mail } from '../../lib/mailer';

/**
 * Newsletter links (decisions.md §6). A link's token names the subscriber and carries a MAC made
 * with a key derived from the server secret, so nothing secret is stored (neither in the jobs
 * table nor with the subscriber), every mail ever sent keeps a working unsubscribe link, and a
 * subscriber who unsubscribes and comes back gets new links (a new id).
 */
type Purpose = 'confirm' | 'unsubscribe';

const keyOf = (ctx: AppContext) =>
  createHmac('sha256', ctx.config.jwtSecret).update('ishuri:newsletter-links').digest();

const macOf = (ctx: AppContext, purpose: Purpose, id: string) =>
  createHmac('sha256', keyOf(ctx)).update(`${purpose}:${id}`).digest('base64url');

export function newsletterToken(ctx: AppContext, purpose: Purpose, subscriberId: string): string {
  return `${subscriberId.replace(/-/g, '')}.${macOf(ctx, purpose, subscriberId)}`;
}

/** The subscriber id a token names, when its MAC is right for that purpose; null otherwise. */
export function readNewsletterToken(
  ctx: AppContext,
  purpose: Purpose,
  token: string,
): string | null {
  const match = /^([0-9a-f]{32})\.([\w-]{43})$/i.exec(token);
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isUuid(id)) return null;
  const expected = Buffer.from(macOf(ctx, purpose, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export interface NewsletterContent {
  subject: string;
  /** Plain paragraphs (a line that is a link stays a bare link in the text part). */
  paragraphs: string[];
  /** The HTML of the paragraphs, when it differs from the escaped paragraphs. */
  html?: string;
}

/**
 * Every newsletter mail goes through here: it adds the unsubscribe link (to the web page, where
 * a button confirms) and the one-click headers of RFC 8058, which mail providers POST to
 * without any sign-in.
 */
export function newsletterMail(
  ctx: AppContext,
  subscriber: { id: string; email: string },
  content: NewsletterContent,
): Mail {
  const token = newsletterToken(ctx, 'unsubscribe', subscriber.id);
  const page = `${ctx.config.appUrl}/unsubscribe/${token}`;
  const oneClick = `${ctx.config.appUrl}/api/sub/unsubscribe/one-click/${token}`;
  const footer = messages.newsletterFooter(subscriber.email, page);
  return {
    to: subscriber.email,
    subject: content.subject,
    text: [...content.paragraphs, footer].join('\n\n'),
    html: layout(
      content.subject,
      content.html ? [] : content.paragraphs,
      `${content.html ?? ''}
<p style="color:#4b5563;font-size:13px">${escapeHtml(messages.newsletterFooterHtml(subscriber.email))} <a href="${escapeHtml(page)}">${escapeHtml(messages.newsletterUnsubscribe)}</a></p>`,
    ),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The double opt-in mail: its link confirms the subscription. */
export function confirmationContent(link: string): NewsletterContent {
  const subject = messages.newsletterConfirmSubject;
  const intro = [
    messages.mailHelloAnyone,
    messages.newsletterConfirmThanks,
    messages.newsletterConfirmAsk,
  ];
  const after = messages.newsletterConfirmIgnore;
  return {
    subject,
    paragraphs: [...intro, link, after],
    html: `${intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(messages.newsletterConfirmButton)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(messages.newsletterConfirmCopy)} ${escapeHtml(link)}</p>
<p>${escapeHtml(after)}</p>`,
  };
}

export const CONFIRMATION_JOB = 'newsletter:confirm';

export function registerNewsletterJobs(ctx: AppContext): void {
  ctx.jobs.register(
    CONFIRMATION_JOB,
    async (payload) => {
      const { subscriberId } = payload as { subscriberId: string };
      if (!isUuid(subscriberId)) return;
      const [subscriber] = await ctx.database.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.id, subscriberId))
        .limit(1);
      // Removed or already confirmed since: nothing to send.
      if (!subscriber || subscriber.confirmedAt) return;
      const link = `${ctx.config.appUrl}/subscribe/confirm/${newsletterToken(ctx, 'confirm', subscriber.id)}`;
      await ctx.mailer.send({
        ...newsletterMail(ctx, subscriber, confirmationContent(link)),
        consoleHint: `newsletter confirmation link for ${subscriber.email}: ${link}`,
      });
    },
    { sendsMail: true },
  );
}
