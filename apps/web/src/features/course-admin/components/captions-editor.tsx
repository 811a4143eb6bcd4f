import {
  DEFAULT_MAX_CAPTIONS_BYTES,
  captionLanguageNames,
  captionLanguages,
  messages,
} from '@ishuri/contract';
import type { CaptionLanguage, CaptionTrack, Lesson, SubLesson } from '@ishuri/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { useDeleteCaptions, usePutCaptions } from '../../../api/captions';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { FileField } from '../../../components/dashboard/file-field';
import { errorMessage, NetworkError } from '../../../lib/api-client';

const MAX_KB = Math.floor(DEFAULT_MAX_CAPTIONS_BYTES / 1024);

/** The sentence for a chosen file the server would refuse by its name or size, else null. */
function fileProblem(file: File): string | null {
  if (!/\.vtt$/i.test(file.name)) return messages.captionsNotVtt;
  if (file.size > DEFAULT_MAX_CAPTIONS_BYTES) return messages.captionsTooLarge(MAX_KB);
  return null;
}

/**
 * Why a change of the captions failed, as a sentence: the server's own (such as "The captions
 * file must be a WebVTT file…" for a refused file), never its status code.
 */
const failureOf = (error: unknown) =>
  errorMessage(
    error,
    error instanceof NetworkError ? messages.noResponse : messages.captionsSaveFailed,
  );

/**
 * The captions of a video lesson or sub-lesson being edited (issue 14): each language it has,
 * with a Remove button, and a file with its language to add (or replace that language's). Each
 * change is sent at once, apart from the item's own form; the server checks the file's content.
 * Lives inside the item's form: its buttons never submit that form.
 */
export function CaptionsEditor({ item }: { item: Lesson | SubLesson }) {
  const target = { kind: 'lessonId' in item ? 'sub-lesson' : 'lesson', id: item.id } as const;
  const [captions, setCaptions] = useState<CaptionTrack[]>(item.video?.captions ?? []);
  const missing = captionLanguages.filter((code) => !captions.some((c) => c.language === code));
  const [language, setLanguage] = useState<CaptionLanguage>(missing[0] ?? 'en');
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its file is saved.
  const [inputKey, setInputKey] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const put = usePutCaptions();
  const remove = useDeleteCaptions();
  const headingId = useId();
  const languageId = useId();
  const busy = put.isPending || remove.isPending;

  const add = async () => {
    setFailure(null);
    const problem = file ? fileProblem(file) : messages.captionsFileRequired;
    setFileError(problem);
    if (problem || !file) return;
    try {
      const answer = await put.mutateAsync({ ...target, language, file });
      setCaptions(answer.data.captions);
      setFile(null);
      setInputKey((key) => key + 1);
      toast.success(answer.message);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const removeOne = async (code: CaptionLanguage) => {
    setFailure(null);
    try {
      const answer = await remove.mutateAsync({ ...target, language: code });
      setCaptions(answer.data.captions);
      toast.success(answer.message);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      data-testid="captions-editor"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {messages.captions}
      </h3>
      {captions.length === 0 ? (
        <p className="text-sm text-slate-600">{messages.captionsNone}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-200">
          {captions.map((track) => {
            const name = captionLanguageNames[track.language];
            return (
              <li key={track.language} className="flex items-center justify-between gap-3 py-2">
                <span className="text-sm font-medium text-slate-800">{name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={messages.removeCaptionsOf(name)}
                  disabled={busy}
                  onClick={() => void removeOne(track.language)}
                >
                  {messages.captionsRemove}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="space-y-1.5">
          <label htmlFor={languageId} className="block text-sm font-medium text-slate-800">
            {messages.captionsLanguageField}
          </label>
          <select
            id={languageId}
            value={language}
            disabled={busy}
            onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900"
          >
            {captionLanguages.map((code) => (
              <option key={code} value={code}>
                {captionLanguageNames[code]}
              </option>
            ))}
          </select>
        </div>
        <FileField
          key={inputKey}
          label={messages.captionsFile}
          accept=".vtt,text/vtt"
          hint={messages.captionsHint(MAX_KB)}
          error={fileError ?? undefined}
          file={file}
          disabled={busy}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(chosen ? fileProblem(chosen) : null);
          }}
        />
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" loading={put.isPending} onClick={() => void add()}>
          {messages.addCaptions}
        </Button>
      </div>
    </section>
  );
}
