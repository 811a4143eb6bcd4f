import { messages } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { findFfmpeg } from './ffmpeg';
import { encodeClip, renderCover } from './media-generator';

/** The landing page's explainer video (product.md §2, "What We Do"), served from /uploads. */
export const EXPLAINER_KEY = 'media/explainer.webm';
export const EXPLAINER_URL = `/uploads/${EXPLAINER_KEY}`;
/**
 * Its poster: the first card as a still (WebP, a few KB). The page shows it only where the
 * video waits for play (a connection that saves data), so nobody else downloads it.
 */
export const EXPLAINER_POSTER_KEY = 'media/explainer.webp';

const PALETTE = { from: '#1d4ed8', to: '#0f766e', accent: '#38bdf8' };
const WIDTH = 640;
const HEIGHT = 360;

async function ensurePoster(ctx: AppContext): Promise<void> {
  if (await ctx.files.stat(EXPLAINER_POSTER_KEY)) return;
  const poster = await renderCover(messages.explainerCards[0], PALETTE, {
    width: WIDTH,
    height: HEIGHT,
  });
  await ctx.files.put(EXPLAINER_POSTER_KEY, poster);
}

/**
 * Makes sure the explainer and its poster exist: generated once (about 9 s of title cards over a soft tone,
 * readable muted, as the page autoplays it muted) and then kept. Without ffmpeg it logs a
 * warning and the page shows its placeholder.
 */
export async function ensureExplainerVideo(
  ctx: AppContext,
  /** The ffmpeg binary to use; by default the one of @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string | null,
): Promise<'exists' | 'created' | 'unavailable'> {
  // The poster needs no ffmpeg: made (once) even where the video cannot be.
  await ensurePoster(ctx).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'could not make the landing page explainer poster');
  });
  if (await ctx.files.stat(EXPLAINER_KEY)) return 'exists';
  const ffmpeg = ffmpegPath === undefined ? await findFfmpeg() : ffmpegPath;
  if (!ffmpeg) {
    ctx.log.warn('ffmpeg is not available: the landing page explainer video was not made');
    return 'unavailable';
  }
  try {
    const clip = await encodeClip({
      ffmpeg,
      cards: [...messages.explainerCards],
      palette: PALETTE,
      secondsPerCard: 3,
      width: WIDTH,
      height: HEIGHT,
      toneHz: 392,
    });
    await ctx.files.put(EXPLAINER_KEY, clip);
    return 'created';
  } catch (error) {
    ctx.log.warn({ err: error }, 'ffmpeg could not make the landing page explainer video');
    return 'unavailable';
  }
}
