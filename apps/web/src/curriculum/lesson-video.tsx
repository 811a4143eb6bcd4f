import { captionLanguageNames, formatDuration, messages } from '@ishuri/contract';
import type { ItemVideo } from '@ishuri/contract';
import { Play, VideoOff } from 'lucide-react';
import { useContext, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CSSProperties } from 'react';
import { onDataSaverChange, prefersSmallMedia } from '../lib/connection';
import { readStored, writeStored } from '../lib/preferences';
import { SavedQualityContext } from './saved-quality';
import { Transcript } from './transcript';
import { defaultChoice, QUALITY_KEY, videoChoices } from './video-choices';
import type { VideoChoice } from './video-choices';

interface LessonVideoProps {
  /** The upload, or the smallest rendition (what a client that knows no sizes plays). */
  src: string;
  video: ItemVideo | null | undefined;
  title: string;
  /** The video played to its end. */
  onEnded: () => void;
  /**
   * A video still processing failed to load: its upload may be gone, replaced by renditions
   * made since the page read it. Read the item again (once), settled when read; a second failure,
   * or the same address read again, is shown.
   */
  onStale?: () => Promise<unknown>;
}

const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];
const SPEED_KEY = 'ishuri.playbackSpeed';

const selectClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-blue-700';

/**
 * A lesson's video, for learners who pay for every megabyte (issue 14). Before playing: the
 * poster, the length and every size to choose from ("240p · 4.1 MB", "Audio only · 1.2 MB"),
 * nothing of the video itself loaded (`preload="none"`). It starts at the learner's last choice,
 * else the smallest picture when the browser asks to save data or says the connection is slow,
 * else 360p. While playing, a quality menu (the position is kept), the speed (0.75–2×), the
 * captions (track elements) and a transcript to read instead of watching.
 *
 * 400 px high from the md breakpoint up; on a phone, the full width at the video's ratio (known
 * from its renditions before anything loads), never taller than most of the screen. One that
 * cannot be loaded shows a placeholder (product.md §8 "Media"). Give it a `key` per item so that
 * the next item starts fresh.
 */
export function LessonVideo({ src, video, title, onEnded, onStale }: LessonVideoProps) {
  const choices = useMemo(() => videoChoices(src, video), [src, video]);
  // Followed while the video has not started (issue 32, point 10): Data saver turned on or off
  // (Settings, the footer, another tab) changes the size it will start at, as the switch says.
  const saveData = useSyncExternalStore(onDataSaverChange, prefersSmallMedia, () => false);
  // A course saved on this device plays the size saved (it plays without a network).
  const saved = useContext(SavedQualityContext);
  const [remembered] = useState(() => readStored(QUALITY_KEY));
  const rule = defaultChoice(choices, { saved, remembered, saveData });
  /** The size the learner picked for this video, or the one it started playing at. */
  const [chosen, setChoice] = useState<VideoChoice | null>(null);
  // Read again (renditions made since), the chosen size may be gone: start from the rule.
  const choice =
    (chosen &&
      (choices.find((c) => c.url === chosen.url) ??
        choices.find((c) => c.quality === chosen.quality))) ??
    rule;
  /** The address that failed while processing, and whether the item has been read again since. */
  const [stale, setStale] = useState<{ url: string; reread: boolean } | null>(null);
  const [speed, setSpeed] = useState(() => {
    const stored = Number(readStored(SPEED_KEY));
    return SPEEDS.includes(stored) ? stored : 1;
  });
  const [started, setStarted] = useState(false);
  const [failed, setBroken] = useState(false);
  // Read again, the item still names the address that failed: nothing else will come.
  const broken = failed || (stale !== null && stale.reread && stale.url === choice.url);
  const [measured, setMeasured] = useState<string | null>(null);
  const element = useRef<HTMLVideoElement>(null);
  /** Where to go on, and whether to play, once a newly chosen quality has loaded. */
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const sizesId = useId();

  const picture = choices.find((c) => c.height > 0);
  const ratio = measured ?? (picture ? `${picture.width} / ${picture.height}` : '16 / 9');
  const captions = video?.captions ?? [];
  const duration = video?.durationSeconds ?? null;

  const choose = (quality: string) => {
    const next = choices.find((c) => c.quality === quality);
    if (!next || next.url === choice.url) return;
    writeStored(QUALITY_KEY, next.quality);
    const playing = element.current;
    if (started && playing) {
      resume.current = { time: playing.currentTime, playing: !playing.paused };
    }
    setChoice(next);
  };

  const start = () => {
    setStarted(true);
    // Playing: its size no longer follows Data saver (the picture does not change under the eye).
    setChoice(choice);
    const playing = element.current;
    if (!playing) return;
    playing.preload = 'auto';
    playing.play().catch(() => {
      // Refused (no user gesture reached it): the controls are there to press play.
    });
  };

  if (broken) {
    return (
      <div
        role="img"
        aria-label={messages.videoUnavailable}
        className="flex aspect-video w-full flex-col md:aspect-auto md:h-[400px] items-center justify-center gap-3 rounded-xl bg-slate-100 px-4 text-center text-slate-700"
      >
        <VideoOff className="size-12 text-slate-500" aria-hidden="true" />
        <p>{messages.videoUnavailable}</p>
      </div>
    );
  }

  // "The smallest size is chosen to save data": only while it is so (not once another is picked).
  const savingData =
    saveData && chosen === null && choice.url === choices.find((c) => c.height > 0)?.url;
  const sizes =
    choices.length > 1 ? (
      <fieldset className="space-y-2" aria-describedby={savingData ? `${sizesId}-hint` : undefined}>
        <legend className="text-sm font-semibold text-slate-900">{messages.chooseVideoSize}</legend>
        <div className="flex flex-wrap gap-2">
          {choices.map((c) => (
            <label
              key={c.quality}
              className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700"
            >
              <input
                type="radio"
                name={`${sizesId}-size`}
                value={c.quality}
                checked={c.quality === choice.quality}
                onChange={() => choose(c.quality)}
                className="accent-blue-700"
              />
              {c.label}
            </label>
          ))}
        </div>
        {savingData && (
          <p id={`${sizesId}-hint`} className="text-sm text-slate-600">
            {messages.smallestChosenToSaveData}
          </p>
        )}
      </fieldset>
    ) : null;

  return (
    <div className="space-y-3">
      <div className="relative">
        <video
          ref={element}
          className="aspect-(--video-ratio) max-h-[70svh] w-full rounded-xl bg-black md:aspect-auto md:h-[400px] md:max-h-none"
          style={{ '--video-ratio': ratio } as CSSProperties}
          src={choice.url}
          poster={video?.posterUrl ?? undefined}
          controls={started}
          playsInline
          preload={started ? 'auto' : 'none'}
          aria-label={title}
          data-quality={choice.quality}
          onEnded={onEnded}
          onLoadedMetadata={(event) => {
            const playing = event.currentTarget;
            playing.playbackRate = speed;
            const { videoWidth, videoHeight } = playing;
            if (videoWidth > 0 && videoHeight > 0) setMeasured(`${videoWidth} / ${videoHeight}`);
            const then = resume.current;
            if (then) {
              resume.current = null;
              playing.currentTime = then.time;
              if (then.playing) playing.play().catch(() => undefined);
            }
          }}
          onError={() => {
            if (video?.status === 'processing' && onStale && stale === null) {
              const url = choice.url;
              setStale({ url, reread: false });
              resume.current = { time: 0, playing: started };
              onStale().then(
                () => setStale({ url, reread: true }),
                () => setBroken(true),
              );
              return;
            }
            setBroken(true);
          }}
        >
          {captions.map((track) => (
            <track
              key={track.language}
              kind="captions"
              src={track.url}
              srcLang={track.language}
              label={captionLanguageNames[track.language]}
              default={track.language === captions[0]?.language}
            />
          ))}
        </video>
        {!started && (
          // The whole poster starts the video, but the label is a small pill in its corner: a
          // poster often carries its own title or words, which a label in the middle hid.
          <button
            type="button"
            onClick={start}
            className="group absolute inset-0 flex items-end justify-start rounded-xl p-3 text-white focus-visible:outline-4 focus-visible:outline-blue-400"
          >
            <span className="inline-flex items-center gap-2 rounded-full bg-blue-700 py-1.5 pr-3 pl-2 text-sm shadow-lg group-hover:bg-blue-800">
              <Play className="size-5" aria-hidden="true" />
              <span className="font-semibold">{messages.playVideo}</span>
              {duration !== null && (
                <span className="rounded bg-black/30 px-1.5 py-0.5 text-xs">
                  {messages.videoLength(formatDuration(duration))}
                </span>
              )}
            </span>
          </button>
        )}
      </div>

      {started ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {choices.length > 1 && (
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              {messages.videoQuality}
              <select
                className={selectClass}
                value={choice.quality}
                onChange={(event) => choose(event.target.value)}
              >
                {choices.map((c) => (
                  <option key={c.quality} value={c.quality}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
            {messages.playbackSpeed}
            <select
              className={selectClass}
              value={String(speed)}
              onChange={(event) => {
                const next = Number(event.target.value);
                setSpeed(next);
                writeStored(SPEED_KEY, String(next));
                if (element.current) element.current.playbackRate = next;
              }}
            >
              {SPEEDS.map((s) => (
                <option key={s} value={String(s)}>
                  {`${s}×`}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        sizes
      )}

      {captions.length > 0 && (
        <Transcript
          captions={captions}
          onSeek={(time) => {
            const playing = element.current;
            if (!playing) return;
            if (!started) start();
            playing.currentTime = time;
          }}
        />
      )}
    </div>
  );
}
