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
 * The choice a video starts with (issue 14; issue 32, point 10), first that applies:
 * - the size saved on this device with the course (`saved`): it plays without spending data;
 * - with data to save (Data saver on, or the browser asks), the smallest picture, whatever
 *   quality was remembered (the switch says "starts videos at their smallest size"); a
 *   remembered "audio only" stays, as it spends even less;
 * - the learner's remembered quality, when this video has it;
 * - 360p (clear enough for a talking head, about half of 720p's data), or the nearest below it,
 *   or the smallest.
 * The remembered quality is never overwritten by Data saver's choice: turned off, it applies again.
 */
export function defaultChoice(
  choices: VideoChoice[],
  {
    saved = null,
    remembered,
    saveData,
  }: { saved?: string | null; remembered: string | null; saveData: boolean },
): VideoChoice {
  const find = (quality: string | null) =>
    quality ? choices.find((c) => c.quality === quality) : undefined;
  const onDevice = find(saved);
  if (onDevice) return onDevice;
  const kept = find(remembered);
  const pictures = choices.filter((c) => c.quality !== 'audio');
  if (pictures.length === 0) return kept ?? choices[0]!;
  if (saveData) return kept?.quality === 'audio' ? kept : pictures[0]!;
  if (kept) return kept;
  const upTo360 = pictures.filter((c) => c.height <= 360);
  return upTo360.at(-1) ?? pictures[0]!;
}
