import { createRequire } from 'node:module';
import { formatDate } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';
import PDFDocument from 'pdfkit';
import { currentLanguage, messages } from '../../lib/i18n';
import { escapeHtml, layout } from '../mail/mail-templates';
import type { Mail } from '../../lib/mailer';

/** Dates in mails and receipts are Kigali's. */
const TIME_ZONE = 'Africa/Kigali';
const day = (date: Date, language: Language = currentLanguage()) =>
  formatDate(date, 'long', TIME_ZONE, language);

/** 7 days before the pass ends ('ending'), and on its last day ('ended'). */
export function passEndingMail(
  kind: 'ending' | 'ended',
  firstName: string,
  endsAt: Date,
  renewUrl: string,
): Omit<Mail, 'to'> {
  const subject =
    kind === 'ending' ? messages.premiumReminderSubject : messages.premiumEndedSubject;
  const body =
    kind === 'ending'
      ? messages.premiumReminderBody(day(endsAt))
      : messages.premiumEndedBody(day(endsAt));
  const lines = [messages.mailHello(firstName), body, messages.premiumRenewAt(renewUrl)];
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 2),
      `<p><a href="${escapeHtml(renewUrl)}">${escapeHtml(messages.premiumRenew)}</a></p>`,
    ),
  };
}

export interface ReceiptInput {
  paymentId: string;
  providerReference: string;
  amount: string;
  currency: string;
  paidAt: Date;
  from: Date;
  until: Date;
  name: string;
  email: string;
}

export const formatMoney = (amount: string, currency: string) => `${amount} ${currency}`;

const fontFile = createRequire(import.meta.url);
const SANS = fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const SANS_BOLD = fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The PDF receipt (A4), in the current language: reference, amount, dates. */
export function renderReceiptPdf(input: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Ishuri · ${messages.receiptTitle} · ${input.paymentId}`, Author: 'Ishuri' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Sans', SANS);
  doc.registerFont('Sans-Bold', SANS_BOLD);
  doc.font('Sans-Bold').fontSize(24).fillColor('#1d4ed8').text('Ishuri');
  doc.moveDown(0.5).fontSize(18).fillColor('#111827').text(messages.receiptTitle);
  doc.moveDown().font('Sans').fontSize(12);
  for (const line of [
    `${input.name} <${input.email}>`,
    messages.receiptNumber(input.paymentId),
    messages.receiptReference(input.providerReference),
    messages.receiptAmount(formatMoney(input.amount, input.currency)),
    messages.receiptPaidOn(day(input.paidAt)),
    messages.receiptPeriod(day(input.from), day(input.until)),
  ]) {
    doc.text(line).moveDown(0.4);
  }
  doc.end();
  return done;
}

/** The mail that carries a receipt (its PDF attached by the caller). */
export function receiptMail(input: ReceiptInput): Omit<Mail, 'to' | 'attachments'> {
  const subject = messages.receiptSubject;
  const lines = [
    messages.mailHello(input.name),
    messages.receiptBody,
    messages.receiptReference(input.providerReference),
    messages.receiptAmount(formatMoney(input.amount, input.currency)),
    messages.receiptPeriod(day(input.from), day(input.until)),
  ];
  return { subject, text: lines.join('\n\n'), html: layout(subject, lines) };
}
