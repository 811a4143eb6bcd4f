import { createRequire } from 'node:module';
import { messages } from '@ishuri/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const fontFile = createRequire(import.meta.url);
const fonts = {
  sans: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  sansBold: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  serifBold: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'),
};
const SANS = 'Sans';
const SANS_BOLD = 'Sans-Bold';
const SERIF_BOLD = 'Serif-Bold';

export const PRODUCT_NAME = 'Ishuri';

export interface CertificatePdfInput {
  learnerName: string;
  courseTitle: string;
  certificateCode: string;
  issuedAt: Date;
  /** The public verification page the QR code links to. */
  verifyUrl: string;
}

const BRAND = '#1d4ed8';
const INK = '#111827';
const MUTED = '#4b5563';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatCertificateDate = (date: Date) => dateFormat.format(date);

/** The largest font size (down to `min`) at which `text` fits on one line of `width`. */
function fitFontSize(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  max: number,
  min: number,
  width: number,
): number {
  doc.font(font);
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 1;
  return size;
}

/**
 * Draws a QR code as vector squares (one rectangle per run of dark modules): sharp at any zoom
 * and a few kilobytes at most.
 */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save();
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && runStart < 0) runStart = col;
      if (!dark && runStart >= 0) {
        doc.rect(x + runStart * cell, y + row * cell, (col - runStart) * cell, cell);
        runStart = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}

/**
 * Renders a certificate: one A4 landscape page with the product name, the learner's full name,
 * the course title, the date, the certificate code, and a QR code (and the address as text) of
 * the public verification page.
 */
export function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `${PRODUCT_NAME} · ${messages.certificateHeading} · ${input.certificateCode}`,
      Author: PRODUCT_NAME,
      Subject: input.courseTitle,
      CreationDate: input.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Embedded Unicode fonts (only the glyphs used are written), so that any learner's name and
  // any course title print as typed, not only Latin-1.
  doc.registerFont(SANS, fonts.sans);
  doc.registerFont(SANS_BOLD, fonts.sansBold);
  doc.registerFont(SERIF_BOLD, fonts.serifBold);

  const { width, height } = doc.page;
  const inner = 96;
  const textWidth = width - 2 * inner;

  // Frame
  doc
    .lineWidth(4)
    .strokeColor(BRAND)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .strokeColor(BRAND)
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  const centred = (text: string, y: number, font: string, size: number, color: string) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, inner, y, {
        width: textWidth,
        align: 'center',
        lineBreak: false,
        height: size * 1.4,
        ellipsis: true,
      });
  };

  centred(PRODUCT_NAME, 62, SANS_BOLD, 30, BRAND);
  centred(messages.certificateHeading, 112, SANS_BOLD, 34, INK);
  centred(messages.certificateAwardedTo, 182, SANS, 16, MUTED);

  const nameSize = fitFontSize(doc, input.learnerName, SERIF_BOLD, 40, 18, textWidth);
  // A smaller size (a long name) sits lower, so that the name stays centred above its line.
  centred(input.learnerName, 210 + (40 - nameSize) * 0.6, SERIF_BOLD, nameSize, INK);
  doc
    .moveTo(width / 2 - 220, 262)
    .lineTo(width / 2 + 220, 262)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();

  centred(messages.certificateCompletedCourse, 278, SANS, 16, MUTED);
  // The course title: one line when it fits at a readable size, else at most two lines.
  const titleSize = fitFontSize(doc, input.courseTitle, SANS_BOLD, 28, 16, textWidth);
  doc
    .font(SANS_BOLD)
    .fontSize(titleSize)
    .fillColor(BRAND)
    .text(input.courseTitle, inner, 306, {
      width: textWidth,
      align: 'center',
      height: titleSize * 2.5,
      ellipsis: true,
    });

  // Bottom: date, code and address on the left; QR code on the right.
  const qrSize = 116;
  const qrX = width - 70 - qrSize;
  const qrY = height - 70 - qrSize;
  const leftX = 70;
  const leftWidth = qrX - leftX - 24;
  const line = (text: string, y: number, font: string, size: number, color: string) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, leftX, y, {
        width: leftWidth,
        lineBreak: false,
        height: size * 1.4,
        ellipsis: true,
      });
  };
  line(
    messages.certificateIssuedOn(formatCertificateDate(input.issuedAt)),
    qrY + 30,
    SANS,
    13,
    INK,
  );
  line(messages.certificateCodeLine(input.certificateCode), qrY + 52, SANS_BOLD, 13, INK);
  line(messages.certificateVerifyAt(input.verifyUrl), qrY + 78, SANS, 10, MUTED);
  drawQrCode(doc, input.verifyUrl, qrX, qrY, qrSize);

  doc.end();
  return done;
}
