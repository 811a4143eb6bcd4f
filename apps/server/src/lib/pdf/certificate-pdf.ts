import { createRequire } from 'node:module';
import { formatDate } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';
import { messagesIn } from '../i18n';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const fontFile = createRequire(import.meta.url);
const fonts = {
  sans: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  sansBold: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  serifBold: fontFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf'),
  // DejaVu has no Chinese or Japanese characters: Noto Sans SC (Han, kana, Latin) prints them.
  cjkBold: fontFile.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
const SANS = 'Sans';
const SANS_BOLD = 'Sans-Bold';
const SERIF_BOLD = 'Serif-Bold';
const CJK_BOLD = 'CJK-Bold';

interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const fontkit = fontFile('fontkit') as { openSync(path: string): GlyphCoverage };
const coverage = new Map<string, GlyphCoverage>();
const coverageOf = (font: keyof typeof fonts) => {
  let found = coverage.get(font);
  if (!found) coverage.set(font, (found = fontkit.openSync(fonts[font])));
  return found;
};

/**
 * The first of `candidates` that has a glyph for every character of `text` (else the one that
 * has the most, and the text without the characters it lacks), so that a name in Arabic script
 * or in Chinese characters prints as typed, and an emoji is left out rather than drawn as an
 * empty box.
 */
function fontFor(
  text: string,
  candidates: [string, keyof typeof fonts][],
): { font: string; text: string } {
  const codePoints = [...text].map((c) => c.codePointAt(0) ?? 0).filter((c) => c > 0x20);
  let best = candidates[0]!;
  let bestMissing = Infinity;
  for (const candidate of candidates) {
    const font = coverageOf(candidate[1]);
    const missing = codePoints.filter((c) => !font.hasGlyphForCodePoint(c)).length;
    if (missing === 0) return { font: candidate[0], text };
    if (missing < bestMissing) [best, bestMissing] = [candidate, missing];
  }
  return { font: best[0], text: drawable(text, best[1]) };
}

/**
 * `text` without the characters that `font` has no glyph for (emoji, their skin tones and
 * joiners, symbols of other scripts): a reader sees them left out rather than drawn as empty
 * boxes. The spaces they leave are closed up; the stored name and title keep them (the
 * verification page and the lists show them as typed).
 */
function drawable(text: string, font: keyof typeof fonts): string {
  const glyphs = coverageOf(font);
  const kept = [...text].filter((c) => {
    const codePoint = c.codePointAt(0) ?? 0;
    return codePoint <= 0x20 || glyphs.hasGlyphForCodePoint(codePoint);
  });
  return kept.join('').replace(/\s+/g, ' ').trim();
}

export const PRODUCT_NAME = 'Ishuri';

export interface CertificatePdfInput {
  learnerName: string;
  courseTitle: string;
  certificateCode: string;
  issuedAt: Date;
  /** The public verification page the QR code links to. */
  verifyUrl: string;
  /** The language it speaks; another than English has English beside its sentences. */
  language?: Language;
}

const BRAND = '#1d4ed8';
const INK = '#111827';
const MUTED = '#4b5563';

/** The date a certificate was issued, in the provider's time zone (Kigali), in the long form. */
const formatCertificateDate = (date: Date, language: Language) =>
  formatDate(date, 'long', 'Africa/Kigali', language);

/** Sizes (in points) between which the name and the title may shrink to fit their room. */
const NAME_SIZE = { max: 40, min: 12 };
const TITLE_SIZE = { max: 28, min: 11 };
/** Below this, text would no longer be legible on paper: the last resort for any input. */
const FLOOR_SIZE = 6;
const LINE_GAP = 2;

/** Height of `text` wrapped (at spaces, or inside a word too long for a line) to `width`. */
function blockHeight(
  doc: PDFKit.PDFDocument,
  text: string,
  font: string,
  size: number,
  width: number,
): number {
  return doc
    .font(font)
    .fontSize(size)
    .heightOfString(text, { width, align: 'center', lineGap: LINE_GAP });
}

/**
 * The largest sizes at which the name and the title, each wrapped onto as many lines as
 * needed, fit together in `room` points of height (plus `fixed` points between them). The
 * larger one (relative to its own maximum) shrinks first; nothing is ever cut.
 */
function fitNameAndTitle(
  doc: PDFKit.PDFDocument,
  name: { text: string; font: string },
  title: { text: string; font: string },
  width: number,
  room: number,
) {
  let nameSize = NAME_SIZE.max;
  let titleSize = TITLE_SIZE.max;
  const fits = () =>
    blockHeight(doc, name.text, name.font, nameSize, width) +
      blockHeight(doc, title.text, title.font, titleSize, width) <=
    room;
  while (!fits()) {
    const nameShare = nameSize / NAME_SIZE.max;
    const titleShare = titleSize / TITLE_SIZE.max;
    if (nameSize > NAME_SIZE.min && (nameShare >= titleShare || titleSize <= TITLE_SIZE.min))
      nameSize -= 1;
    else if (titleSize > TITLE_SIZE.min) titleSize -= 1;
    else if (nameSize > FLOOR_SIZE || titleSize > FLOOR_SIZE) {
      // Beyond any accepted name and title: keep shrinking both rather than drop a word.
      nameSize = Math.max(FLOOR_SIZE, nameSize - 0.5);
      titleSize = Math.max(FLOOR_SIZE, titleSize - 0.5);
    } else break;
  }
  return { nameSize, titleSize };
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
  const language = input.language ?? 'en';
  const messages = messagesIn(language);
  const english = messagesIn('en');
  /** A sentence, with its English beside when the certificate speaks another language. */
  const withEnglish = (pick: (m: typeof messages) => string) =>
    language === 'en' ? pick(messages) : `${pick(messages)} · ${pick(english)}`;
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
  doc.registerFont(CJK_BOLD, fonts.cjkBold);

  const { width, height } = doc.page;
  const inner = 80;
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
  centred(messages.certificateHeading, 108, SANS_BOLD, 34, INK);
  if (language !== 'en') centred(english.certificateHeading, 154, SANS, 12, MUTED);
  centred(
    withEnglish((m) => m.certificateAwardedTo),
    182,
    SANS,
    16,
    MUTED,
  );

  // The name and the course title wrap onto as many lines as they need and shrink together
  // until both fit between "awarded to" and the bottom block (date, code, QR code).
  const qrSize = 116;
  const qrX = width - 70 - qrSize;
  const qrY = height - 70 - qrSize;
  const top = 206;
  const bottom = qrY - 12;
  const ruleGap = 8;
  const completedHeight = 16 * 1.4;
  const fixed = ruleGap + 14 + completedHeight + 6;
  const name = fontFor(input.learnerName, [
    [SERIF_BOLD, 'serifBold'],
    [SANS_BOLD, 'sansBold'],
    [CJK_BOLD, 'cjkBold'],
  ]);
  const title = fontFor(input.courseTitle, [
    [SANS_BOLD, 'sansBold'],
    [CJK_BOLD, 'cjkBold'],
  ]);
  const { nameSize, titleSize } = fitNameAndTitle(
    doc,
    name,
    title,
    textWidth,
    bottom - top - fixed,
  );
  const nameHeight = blockHeight(doc, name.text, name.font, nameSize, textWidth);
  doc.font(name.font).fontSize(nameSize).fillColor(INK).text(name.text, inner, top, {
    width: textWidth,
    align: 'center',
    lineGap: LINE_GAP,
  });
  const ruleY = top + nameHeight + ruleGap;
  doc
    .moveTo(width / 2 - 220, ruleY)
    .lineTo(width / 2 + 220, ruleY)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();

  centred(
    withEnglish((m) => m.certificateCompletedCourse),
    ruleY + 14,
    SANS,
    16,
    MUTED,
  );
  doc
    .font(title.font)
    .fontSize(titleSize)
    .fillColor(BRAND)
    .text(title.text, inner, ruleY + 14 + completedHeight + 6, {
      width: textWidth,
      align: 'center',
      lineGap: LINE_GAP,
    });

  // Bottom: date, code and address on the left; QR code on the right.
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
    messages.certificateIssuedOn(formatCertificateDate(input.issuedAt, language)),
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
