import type { ItemVideo } from '@ishuri/contract';
import { describe, expect, it } from 'vitest';
import { defaultChoice, videoChoices } from './video-choices';
import { parseWebVtt } from './webvtt';

const rendition = (quality: '240p' | '360p' | '720p' | 'audio', height: number, bytes: number) => ({
  quality,
  width: height === 0 ? 0 : Math.round((height * 16) / 9),
  height,
  bytes,
  durationSeconds: 60,
  url: `/uploads/videos/a/${quality}.mp4`,
});

const video: ItemVideo = {
  status: 'ready',
  durationSeconds: 60,
  posterUrl: '/uploads/videos/a/poster.webp',
  // As the server may list them: not in the order shown.
  renditions: [
    rendition('audio', 0, 400_000),
    rendition('720p', 720, 9_000_000),
    rendition('240p', 240, 1_300_000),
    rendition('360p', 360, 2_700_000),
  ],
} as ItemVideo;

describe('a lesson video’s choices', () => {
  it('lists the pictures smallest first, then audio only, each with its size', () => {
    expect(videoChoices('/uploads/videos/a.mp4', video).map((c) => c.label)).toEqual([
      '240p · 1.2 MB',
      '360p · 2.6 MB',
      '720p · 8.6 MB',
      'Audio only · 391 KB',
    ]);
  });

  it('offers the upload alone while nothing is made', () => {
    const processing = { ...video, status: 'processing', renditions: [] } as ItemVideo;
    expect(videoChoices('/uploads/videos/a.mp4', processing)).toEqual([
      { quality: 'upload', url: '/uploads/videos/a.mp4', label: 'Video', width: 0, height: 0 },
    ]);
  });

  it('starts at 360p, at the smallest picture to save data, or at the remembered quality', () => {
    const choices = videoChoices('/uploads/videos/a.mp4', video);
    const start = (remembered: string | null, saveData: boolean) =>
      defaultChoice(choices, { remembered, saveData }).quality;
    expect(start(null, false)).toBe('360p');
    expect(start(null, true)).toBe('240p');
    expect(start('audio', true)).toBe('audio');
    expect(start('720p', false)).toBe('720p');
    // Data saver wins over a remembered quality; turned off, the remembered one is back.
    expect(start('720p', true)).toBe('240p');
    expect(start('360p', true)).toBe('240p');
    expect(start('720p', false)).toBe('720p');
    // A remembered quality this video lacks falls back to the rule.
    const small = videoChoices('/uploads/videos/b.mp4', {
      ...video,
      renditions: [rendition('240p', 240, 1), rendition('audio', 0, 1)],
    } as ItemVideo);
    expect(defaultChoice(small, { remembered: '720p', saveData: false }).quality).toBe('240p');
  });
});

describe('a video of a course saved on this device', () => {
  it('starts at the saved size, Data saver on or off (it plays without spending data)', () => {
    const choices = videoChoices('/uploads/videos/a.mp4', video);
    for (const saveData of [true, false]) {
      expect(defaultChoice(choices, { saved: '360p', remembered: '720p', saveData }).quality).toBe(
        '360p',
      );
    }
    // A saved size this video lacks: the rule of the other videos.
    expect(
      defaultChoice(choices, { saved: '1080p', remembered: '720p', saveData: true }).quality,
    ).toBe('240p');
  });
});

describe('a transcript read from WebVTT', () => {
  it('gives each cue’s start and plain text, without notes, tags or settings', () => {
    const vtt = [
      '\uFEFFWEBVTT - lesson one',
      '',
      'NOTE written by the instructor',
      '',
      '1',
      '00:00.000 --> 00:02.500 align:start',
      '<v Teacher>Muraho, and welcome.</v>',
      '',
      '00:01:02.250 --> 00:01:04.000',
      'Fractions: <i>a half</i>',
      'is 1 &lt; 2 &amp; so on.',
      '',
    ].join('\r\n');
    expect(parseWebVtt(vtt)).toEqual([
      { start: 0, text: 'Muraho, and welcome.' },
      { start: 62.25, text: 'Fractions: a half is 1 < 2 & so on.' },
    ]);
  });
});
