import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from './ffmpeg';

/**
 * Images and short video clips made by the project itself (demo catalogue, landing page
 * explainer): covers are SVG drawn by sharp, clips are title cards encoded by ffmpeg. Nothing is
 * downloaded.
 */

export interface Palette {
  /** Gradient start and end. */
  from: string;
  to: string;
  /** Shapes and the label pill. */
  accent: string;
}

export interface CardText {
  /** Small label above the title (e.g. "FREE COURSE"). */
  label?: string;
  title: string;
  /** One line under the title. */
  subtitle?: string;
}

// eslint-disable-next-line catalogue/no-literal-reply -- a CSS font list, not a sentence
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Breaks a title into lines of about `maxChars` characters (SVG text does not wrap). */
export function wrapText(text: string, maxChars: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && (current + ' ' + word).length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[.,;:]?$/, '')}…`;
    return kept;
  }
  return lines;
}

/** A simple hash, so that one title always gets the same shapes. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function shapes(width: number, height: number, palette: Palette, seed: number): string {
  let s = seed;
  const next = () => {
    s = Math.imul(s ^ (s >>> 15), 2246822507) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
    return ((s ^= s >>> 16) >>> 0) / 4294967296;
  };
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const r = (0.12 + next() * 0.25) * height;
    const cx = width * (0.55 + next() * 0.5);
    const cy = height * next();
    parts.push(
      `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${palette.accent}" fill-opacity="${(0.1 + next() * 0.15).toFixed(2)}"/>`,
    );
  }
  const size = height * 0.32;
  const x = width * (0.68 + next() * 0.12);
  const y = height * (0.45 + next() * 0.2);
  parts.push(
    `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="${(size * 0.18).toFixed(0)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${(height * 0.012).toFixed(1)}" transform="rotate(${(next() * 40 - 20).toFixed(0)} ${(x + size / 2).toFixed(0)} ${(y + size / 2).toFixed(0)})"/>`,
  );
  // A dot grid, bottom right.
  const gap = height * 0.05;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      parts.push(
        `<circle cx="${(width - gap * (col + 1.5)).toFixed(0)}" cy="${(height - gap * (row + 1.5)).toFixed(0)}" r="${(gap * 0.14).toFixed(1)}" fill="#ffffff" fill-opacity="0.45"/>`,
      );
    }
  }
  return parts.join('\n');
}

/** An SVG card: gradient, shapes, a label pill, the title (wrapped) and a subtitle. */
export function cardSvg(width: number, height: number, text: CardText, palette: Palette): string {
  const pad = Math.round(width * 0.06);
  const titleSize = Math.round(height * 0.11);
  const maxChars = Math.max(10, Math.floor((width * 0.62) / (titleSize * 0.58)));
  const lines = wrapText(text.title, maxChars);
  const labelSize = Math.round(height * 0.045);
  const subtitleSize = Math.round(height * 0.05);
  const blockHeight =
    (text.label ? labelSize * 2.6 : 0) +
    lines.length * titleSize * 1.15 +
    (text.subtitle ? subtitleSize * 2 : 0);
  let y = Math.round((height - blockHeight) / 2);
  const parts: string[] = [];
  if (text.label) {
    const pillWidth = Math.round(text.label.length * (labelSize * 0.8 + 1) + labelSize * 1.6);
    parts.push(
      `<rect x="${pad}" y="${y}" width="${pillWidth}" height="${Math.round(labelSize * 1.8)}" rx="${Math.round(labelSize * 0.9)}" fill="#ffffff" fill-opacity="0.92"/>`,
      `<text x="${pad + Math.round(labelSize * 0.8)}" y="${y + Math.round(labelSize * 1.28)}" font-family="${FONT}" font-size="${labelSize}" font-weight="700" letter-spacing="1" fill="${palette.from}">${escapeXml(text.label)}</text>`,
    );
    y += Math.round(labelSize * 2.6);
  }
  for (const line of lines) {
    y += Math.round(titleSize * 1.0);
    parts.push(
      `<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    );
    y += Math.round(titleSize * 0.15);
  }
  if (text.subtitle) {
    y += Math.round(subtitleSize * 1.6);
    parts.push(
      `<text x="${pad}" y="${y}" font-family="${FONT}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.88">${escapeXml(text.subtitle)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${shapes(width, height, palette, seedOf(text.title))}
${parts.join('\n')}
</svg>`;
}

/** A cover image (WebP), e.g. 800x400 for a course. */
export async function renderCover(
  text: CardText,
  palette: Palette,
  size: { width: number; height: number } = { width: 800, height: 400 },
): Promise<Buffer> {
  return sharp(Buffer.from(cardSvg(size.width, size.height, text, palette)))
    .webp({ quality: 82 })
    .toBuffer();
}

async function renderCardPng(
  text: CardText,
  palette: Palette,
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp(Buffer.from(cardSvg(width, height, text, palette)))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export interface ClipOptions {
  /** One title card per slide, each shown `secondsPerCard`. */
  cards: CardText[];
  palette: Palette;
  secondsPerCard: number;
  width: number;
  height: number;
  /** The tone under the clip (Hz); kept soft, the clip reads well muted. */
  toneHz?: number;
  fps?: number;
  /** Where ffmpeg lives (findFfmpeg). */
  ffmpeg: string;
  timeoutMs?: number;
}

/**
 * A short WebM clip (VP8 + Vorbis): title cards that fade in and out, a progress bar along the
 * bottom and a soft tone. Returns the file's bytes.
 */
export async function encodeClip(options: ClipOptions): Promise<Buffer> {
  const { cards, palette, secondsPerCard, width, height } = options;
  const fps = options.fps ?? 15;
  const total = cards.length * secondsPerCard;
  const fade = Math.min(0.4, secondsPerCard / 4);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-media-'));
  try {
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
    for (const [i, card] of cards.entries()) {
      const file = path.join(dir, `card-${i}.png`);
      await writeFile(file, await renderCardPng(card, palette, width, height));
      args.push('-loop', '1', '-framerate', String(fps), '-t', String(secondsPerCard), '-i', file);
    }
    const barHeight = Math.max(4, Math.round(height / 60));
    args.push(
      '-f',
      'lavfi',
      '-i',
      `color=c=white@0.85:s=${width}x${barHeight}:r=${fps}:d=${total}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${options.toneHz ?? 440}:sample_rate=22050:duration=${total}`,
    );
    const slides = cards
      .map(
        (_card, i) =>
          `[${i}:v]fade=t=in:st=0:d=${fade},fade=t=out:st=${secondsPerCard - fade}:d=${fade},setsar=1[s${i}]`,
      )
      .join(';');
    const concat = `${cards.map((_c, i) => `[s${i}]`).join('')}concat=n=${cards.length}:v=1:a=0[slides]`;
    const bar = `[slides][${cards.length}:v]overlay=x='-w+w*t/${total}':y=H-h:shortest=1,format=yuv420p[v]`;
    const audio = `[${cards.length + 1}:a]volume=0.12,afade=t=in:st=0:d=0.5,afade=t=out:st=${Math.max(0, total - 0.8)}:d=0.8[a]`;
    const out = path.join(dir, 'clip.webm');
    args.push(
      '-filter_complex',
      `${slides};${concat};${bar};${audio}`,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-t',
      String(total),
      '-c:v',
      'libvpx',
      '-b:v',
      '180k',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-auto-alt-ref',
      '0',
      '-c:a',
      'libvorbis',
      '-q:a',
      '0',
      '-ac',
      '1',
      '-f',
      'webm',
      out,
    );
    await runFfmpeg(options.ffmpeg, args, options.timeoutMs ?? 60_000);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
