import { messages } from '@ishuri/contract';
import type { AppContext } from './context';
import { encodeClip, findFfmpeg } from './media-generator';

/** The landing page's explainer video (product.md §2, "What We Do"), served from /uploads. */
export const EXPLAINER_KEY = 'media/explainer.webm';
export const EXPLAINER_URL = `/uploads/${EXPLAINER_KEY}`;

/**
 * Makes sure the explainer exists: generated once (about 9 s of title cards over a soft tone,
 * readable muted, as the page autoplays it muted) and then kept. Without ffmpeg it logs a
 * warning and the page shows its placeholder.
 */
export async function ensureExplainerVideo(
  ctx: AppContext,
  /** The ffmpeg binary to use; by default the one of @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string | null,
): Promise<'exists' | 'created' | 'unavailable'> {
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
      palette: { from: '#1d4ed8', to: '#0f766e', accent: '#38bdf8' },
      secondsPerCard: 3,
      width: 640,
      height: 360,
      toneHz: 392,
    });
    await ctx.files.put(EXPLAINER_KEY, clip);
    return 'created';
  } catch (error) {
    ctx.log.warn({ err: error }, 'ffmpeg could not make the landing page explainer video');
    return 'unavailable';
  }
}
