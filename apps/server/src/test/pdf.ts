/** Parses a PDF with pdf.js (as a reader would), not as bytes: page count, page size, text. */
export async function readPdf(bytes: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    return { pages: doc.numPages, width: x1 - x0, height: y1 - y0, rotate: page.rotate, text };
  } finally {
    await doc.destroy();
  }
}
