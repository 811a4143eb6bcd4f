// Certificate PDFs: time to render one (A4 landscape, text and a vector QR code) and its size.
// Run with `npm run bench certificates`; never part of the tests.
import { renderCertificatePdf } from '../apps/server/src/lib/pdf/certificate-pdf';

const WARM_UP = 5;
const RUNS = 20;

const input = (i: number) => ({
  learnerName: 'Aline Uwase',
  courseTitle: 'Introduction to Data Science with Python',
  certificateCode: `ISH-7K2M-9Q${String(i % 100).padStart(2, '2')}`,
  issuedAt: new Date(),
  verifyUrl: `https://learn.example.com/verify/ISH-7K2M-9Q${String(i % 100).padStart(2, '2')}`,
});

for (let i = 0; i < WARM_UP; i++) await renderCertificatePdf(input(i));

const times: number[] = [];
let size = 0;
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  const pdf = await renderCertificatePdf(input(i));
  times.push(performance.now() - start);
  size = pdf.length;
}
times.sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;

console.log(`certificate PDF render, ${RUNS} runs after ${WARM_UP} warm-up renders`);
console.log(`  mean   ${mean.toFixed(1)} ms`);
console.log(`  median ${at(0.5).toFixed(1)} ms`);
console.log(`  p95    ${at(0.95).toFixed(1)} ms`);
console.log(`  size   ${(size / 1024).toFixed(1)} KB`);

// The picture of a certificate (for phones without a PDF viewer), drawn from the same PDF: its
// cost is given as a multiple of the PDF's, measured in this same run.
const { renderPdfAsWebp } = await import('../apps/server/src/lib/pdf/certificate-image');
const samplePdf = await renderCertificatePdf(input(0));
const coldStart = performance.now();
await renderPdfAsWebp(samplePdf);
const cold = performance.now() - coldStart;
const imageTimes: number[] = [];
let imageSize = 0;
for (let i = 0; i < 5; i++) {
  const start = performance.now();
  const webp = await renderPdfAsWebp(samplePdf);
  imageTimes.push(performance.now() - start);
  imageSize = webp.length;
}
imageTimes.sort((a, b) => a - b);
const imageMedian = imageTimes[Math.floor(imageTimes.length / 2)]!;
console.log('certificate picture (WebP, 1600 px) drawn from the PDF, 5 runs after the first');
console.log(`  first  ${cold.toFixed(0)} ms (loads pdf.js)`);
console.log(
  `  median ${imageMedian.toFixed(1)} ms = ${(imageMedian / at(0.5)).toFixed(1)}× the PDF`,
);
console.log(
  `  size   ${(imageSize / 1024).toFixed(1)} KB = ${(imageSize / size).toFixed(2)}× the PDF`,
);
