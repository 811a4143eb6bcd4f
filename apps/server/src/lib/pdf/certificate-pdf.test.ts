import { createCourseFieldsSchema, messages, signupRequestSchema } from '@ishuri/contract';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf';
import { renderCertificatePdf } from './certificate-pdf';

describe('certificate PDF', () => {
  it('prints names and titles beyond Latin-1 as typed, with embedded fonts', async () => {
    const learnerName = 'Ćwikła Дмитрий Ἀλέξανδρος Nshimiyimana';
    const courseTitle = 'Économie numérique — Ikoranabuhanga ŠŽČ';
    const pdf = await renderCertificatePdf({
      learnerName,
      courseTitle,
      certificateCode: 'ISH-7K2M-9QX4',
      issuedAt: new Date('2026-03-14T10:00:00Z'),
      verifyUrl: 'https://learn.example.rw/verify/ISH-7K2M-9QX4',
    });
    const parsed = await readPdf(pdf);
    expect(parsed.pages).toBe(1);
    const text = parsed.text.normalize('NFC');
    expect(text).toContain(learnerName.normalize('NFC'));
    expect(text).toContain(courseTitle.normalize('NFC'));
    expect(text).toContain('ISH-7K2M-9QX4');
    expect(pdf.toString('latin1')).toContain('FontFile2');
  });
});

/** `words` repeated and cut to exactly `length` characters, never ending on a space. */
function longText(words: string[], length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${words[i % words.length]} `;
  text = text.slice(0, length);
  return text.endsWith(' ') ? `${text.slice(0, -1)}x` : text;
}

/**
 * A word as a PDF reader extracts it: Arabic lam + alef is printed as one ligature glyph, which
 * readers give back as alef + lam.
 */
const asExtracted = (word: string) => word.normalize('NFKC').replace(/ل([اأإآ])/g, '$1ل');

const scripts = {
  latin: {
    name: ['Marie-Chantal', 'Immaculée', 'Nyirahabimana', 'Uwingabire', 'Mukeshimana', 'Ézéchiel'],
    title: ['Économie', 'numérique', 'avancée', 'Ikoranabuhanga', 'n’ubucuruzi', 'Ŝtelo'],
  },
  arabic: {
    name: ['عبد', 'الرحمن', 'بن', 'محمد', 'الهاشمي', 'القرشي'],
    title: ['مقدمة', 'في', 'الاقتصاد', 'الرقمي', 'والتجارة', 'الإلكترونية'],
  },
  cjk: {
    name: ['山田太郎花子', '李小龍', '王秀英', '佐藤健一郎'],
    title: ['数字经济与电子商务导论', '高级课程', 'プログラミング入門', '基礎'],
  },
};

describe('certificate PDF with the longest accepted name and title', () => {
  for (const [script, words] of Object.entries(scripts)) {
    it(`prints every word of a 100 + 100 character name and a 200 character title (${script}) on one page`, async () => {
      const firstName = longText(words.name, 100);
      const lastName = longText([...words.name].reverse(), 100);
      const courseTitle = longText(words.title, 200);
      // The longest the sign-up form and the course form accept.
      expect(signupRequestSchema.shape.firstName.parse(firstName)).toHaveLength(100);
      expect(signupRequestSchema.shape.lastName.parse(lastName)).toHaveLength(100);
      expect(createCourseFieldsSchema.shape.title.parse(courseTitle)).toHaveLength(200);
      const learnerName = `${firstName} ${lastName}`;

      const pdf = await renderCertificatePdf({
        learnerName,
        courseTitle,
        certificateCode: 'ISH-7K2M-9QX4',
        issuedAt: new Date('2026-03-14T10:00:00Z'),
        verifyUrl: 'https://learn.example.rw/verify/ISH-7K2M-9QX4',
      });
      const parsed = await readPdf(pdf);
      expect(parsed.pages).toBe(1);
      const text = parsed.text.normalize('NFKC').replace(/\s+/g, '');
      for (const word of [...learnerName.split(' '), ...courseTitle.split(' ')])
        expect(text, word).toContain(asExtracted(word));
      expect(text).toContain('ISH-7K2M-9QX4');

      // Name and title stay inside the frame and above the QR code (whose top edge is 186 pt
      // above the bottom of the page), so they overlap neither it nor the date and code.
      const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
      const page = await doc.getPage(1);
      const items = (await page.getTextContent()).items.flatMap((item) =>
        'str' in item && item.str.trim() ? [item] : [],
      );
      const bottomLines = [
        messages.certificateIssuedOn(''),
        messages.certificateCodeLine(''),
        messages.certificateVerifyAt(''),
      ].map((line) => line.trim());
      const upper = items.filter((item) => !bottomLines.some((line) => item.str.startsWith(line)));
      expect(upper.length).toBeGreaterThan(3);
      for (const item of upper) {
        const [x, y] = [item.transform[4] as number, item.transform[5] as number];
        expect(y, item.str).toBeGreaterThan(186 + 4);
        expect(x, item.str).toBeGreaterThanOrEqual(40);
        expect(x + item.width, item.str).toBeLessThanOrEqual(842 - 40);
      }
      await doc.destroy();
    });
  }
});

/** poppler's pdftotext, as a reader's tool that is not pdf.js would see the text. */
const pdftotext = spawnSync('pdftotext', ['-v']).error ? null : 'pdftotext';
if (!pdftotext) {
  console.warn(
    'certificate-pdf.test: pdftotext (Debian: poppler-utils) is not installed: the check with a ' +
      'second PDF reader is skipped (.ci/run installs it).',
  );
}

describe.skipIf(!pdftotext)('certificate PDF read by pdftotext', () => {
  it('gives back every word of the longest accepted name and title', async () => {
    const { latin } = scripts;
    const learnerName = `${longText(latin.name, 100)} ${longText([...latin.name].reverse(), 100)}`;
    const courseTitle = longText(latin.title, 200);
    const pdf = await renderCertificatePdf({
      learnerName,
      courseTitle,
      certificateCode: 'ISH-7K2M-9QX4',
      issuedAt: new Date('2026-03-14T10:00:00Z'),
      verifyUrl: 'https://learn.example.rw/verify/ISH-7K2M-9QX4',
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-pdf-'));
    const file = path.join(dir, 'certificate.pdf');
    await writeFile(file, pdf);
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    await rm(dir, { recursive: true, force: true });
    expect(result.status).toBe(0);
    // Lines may break anywhere a word could: compare without white space.
    const text = result.stdout.normalize('NFKC').replace(/\s+/g, '');
    for (const word of [...learnerName.split(' '), ...courseTitle.split(' ')]) {
      expect(text, word).toContain(word.normalize('NFKC'));
    }
    expect(text).toContain('ISH-7K2M-9QX4');
  });
});
