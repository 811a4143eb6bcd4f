import sharp from 'sharp';

/** Width in pixels of a certificate's picture: sharp on a phone, a few dozen kilobytes. */
export const CERTIFICATE_IMAGE_WIDTH = 1600;

/**
 * A picture (WebP) of a certificate's PDF, drawn by pdf.js from the PDF itself: the same
 * layout, fonts and QR code as the paper, for screens that cannot show a PDF (Chrome on Android
 * has no PDF viewer). Only page 1 is drawn; a certificate has one page.
 */
export async function renderPdfAsWebp(
  pdf: Uint8Array,
  width = CERTIFICATE_IMAGE_WIDTH,
): Promise<Buffer> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ]);
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    // Every font of a certificate is embedded: nothing is fetched, nothing is guessed.
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas stands in for the browser's canvas that pdf.js's types name.
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    const png = await canvas.encode('png');
    return await sharp(png).webp({ quality: 80 }).toBuffer();
  } finally {
    await document.destroy();
  }
}
