import { messages } from '@ishuri/contract';
import { VideoOff } from 'lucide-react';
import { useState } from 'react';

interface LessonVideoProps {
  src: string;
  title: string;
  /** The video played to its end. */
  onEnded: () => void;
}

/**
 * A lesson's video: 400 px high, with the browser's controls. One that cannot be loaded or
 * played shows a placeholder instead (product.md §8 "Media"). Give it a `key` per item so that
 * the next item starts fresh.
 */
export function LessonVideo({ src, title, onEnded }: LessonVideoProps) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div
        role="img"
        aria-label={messages.videoUnavailable}
        className="flex h-[400px] w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-100 px-4 text-center text-slate-700"
      >
        <VideoOff className="size-12 text-slate-500" aria-hidden="true" />
        <p>{messages.videoUnavailable}</p>
      </div>
    );
  }
  return (
    <video
      className="h-[400px] w-full rounded-xl bg-black"
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      onEnded={onEnded}
      onError={() => setBroken(true)}
    />
  );
}
