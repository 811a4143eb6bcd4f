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
