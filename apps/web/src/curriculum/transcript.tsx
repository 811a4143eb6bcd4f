import { captionLanguageNames, formatDuration, messages } from '@ishuri/contract';
import type { CaptionTrack } from '@ishuri/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { parseWebVtt } from './webvtt';

interface TranscriptProps {
  captions: CaptionTrack[];
  /** A line was chosen: play from its start. */
  onSeek: (seconds: number) => void;
}

/** Captions files are small text (at most 512 KB), asked only when the transcript is opened. */
async function loadCues(url: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`captions answered ${response.status}`);
  return parseWebVtt(await response.text());
}

/**
 * A video's captions as text beside it: a learner may read instead of spending data on the
 * video. Closed at first; each line starts the video at its moment.
 */
export function Transcript({ captions, onSeek }: TranscriptProps) {
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(captions[0]!.language);
  const chosen = captions.find((c) => c.language === language) ?? captions[0]!;
  const panelId = useId();
  const cues = useQuery({
    queryKey: ['transcript', chosen.url],
    queryFn: () => loadCues(chosen.url),
    enabled: open,
    staleTime: Infinity,
    retry: 1,
  });

  return (
    <section aria-label={messages.transcript} className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {open ? messages.hideTranscript : messages.showTranscript}
        </button>
        {open && captions.length > 1 && (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
            {messages.captionsLanguage}
            <select
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
              value={chosen.language}
              onChange={(event) => setLanguage(event.target.value as CaptionTrack['language'])}
            >
              {captions.map((c) => (
                <option key={c.language} value={c.language}>
                  {captionLanguageNames[c.language]}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {open && (
        <div
          id={panelId}
          lang={chosen.language}
          className="max-h-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-3"
        >
          {cues.isError ? (
            <p className="text-slate-700">{messages.transcriptUnavailable}</p>
          ) : cues.data ? (
            <ol className="space-y-1">
              {cues.data.map((cue, index) => (
                <li key={index}>
                  <button
                    type="button"
                    onClick={() => onSeek(cue.start)}
                    className="flex w-full gap-3 rounded px-1 py-0.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    <span className="shrink-0 font-mono text-sm text-slate-600">
                      {formatDuration(cue.start)}
                    </span>
                    <span className="text-slate-900">{cue.text}</span>
                  </button>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-slate-600" role="status">
              {messages.loading}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
