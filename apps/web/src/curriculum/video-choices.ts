import { messages } from '@ishuri/contract';
import type { ItemVideo, Rendition } from '@ishuri/contract';
import { fileSize } from '../lib/format';

/** One way to watch a lesson video: a rendition, or the upload while none is made yet. */
export interface VideoChoice {
  /** `240p`, `360p`, `720p`, `audio`, or `upload`. */
  quality: string;
  url: string;
  /** What the choice shows: "240p · 4.1 MB", "Audio only · 1.2 MB". */
  label: string;
  width: number;
  height: number;
}

/** The learner's last chosen quality, in this browser, for every video. */
export const QUALITY_KEY = 'ishuri.videoQuality';

const labelOf = (rendition: Rendition) =>
  messages.videoSizeOption(
    rendition.quality === 'audio' ? messages.audioOnly : rendition.quality,
    fileSize(rendition.bytes),
  );

/**
 * The choices of a video, smallest video first and audio only last; the upload alone (without a
 * size) while no rendition is made.
 */
export function videoChoices(videoUrl: string, video: ItemVideo | null | undefined): VideoChoice[] {
  const made = video?.renditions ?? [];
  if (made.length === 0) {
    return [{ quality: 'upload', url: videoUrl, label: messages.video, width: 0, height: 0 }];
  }
  const pictures = made.filter((r) => r.quality !== 'audio').sort((a, b) => a.height - b.height);
  const audio = made.filter((r) => r.quality === 'audio');
  return [...pictures, ...audio].map((rendition) => ({
    quality: rendition.quality,
    url: rendition.url,
    label: labelOf(rendition),
    width: rendition.width,
    height: rendition.height,
  }));
}

/**
 * The choice a video starts with: the learner's remembered quality when this video has it; else
 * the smallest picture when data is to be saved; else 360p (clear enough for a talking head,
 * about half of 720p's data), or the nearest below it, or the smallest.
 */
export function defaultChoice(
  choices: VideoChoice[],
  { remembered, saveData }: { remembered: string | null; saveData: boolean },
): VideoChoice {
  const kept = remembered ? choices.find((c) => c.quality === remembered) : undefined;
  if (kept) return kept;
  const pictures = choices.filter((c) => c.quality !== 'audio');
  if (pictures.length === 0) return choices[0]!;
  if (saveData) return pictures[0]!;
  const upTo360 = pictures.filter((c) => c.height <= 360);
  return upTo360.at(-1) ?? pictures[0]!;
}
