import { messages } from '@ishuri/contract';
import { VideoOff } from 'lucide-react';
import { useState } from 'react';
import type { CSSProperties } from 'react';

interface LessonVideoProps {
  src: string;
  title: string;
  /** The video played to its end. */
  onEnded: () => void;
}

/**
 * A lesson's video with the browser's controls: 400 px high from the md breakpoint up; on a
 * phone, the full width at the video's own ratio (16:9 until its size is known, never taller
 * than most of the screen), so that Mark Complete stays close below it. One that cannot be loaded or
 * played shows a placeholder instead (product.md §8 "Media"). Give it a `key` per item so that
 * the next item starts fresh.
 */
export function LessonVideo({ src, title, onEnded }: LessonVideoProps) {
  const [broken, setBroken] = useState(false);
  const [ratio, setRatio] = useState('16 / 9');
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
  return (
    <video
      className="aspect-(--video-ratio) max-h-[70svh] w-full rounded-xl bg-black md:aspect-auto md:h-[400px] md:max-h-none"
      style={{ '--video-ratio': ratio } as CSSProperties}
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      onEnded={onEnded}
      onLoadedMetadata={(event) => {
        const { videoWidth, videoHeight } = event.currentTarget;
        if (videoWidth > 0 && videoHeight > 0) setRatio(`${videoWidth} / ${videoHeight}`);
      }}
      onError={() => setBroken(true)}
    />
  );
}
