import { messages } from '@ishuri/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { FileField } from '../../../components/dashboard/file-field';
import { useResumableUpload } from '../hooks/use-resumable-upload';

interface ResumableVideoInputProps {
  hint: string;
  error?: string;
  /** The form is being saved: a complete upload is being processed by the server. */
  saving: boolean;
  /** The chosen file (null when none or cancelled). */
  onFileChange: (file: File | null) => void;
  /** The id of the finished upload to save with the item, or null while there is none. */
  onUploadChange: (id: string | null) => void;
}

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/**
 * A lesson video, sent as soon as it is chosen with the tus protocol (hooks/use-resumable-
 * upload.ts): a progress bar with its percentage and megabytes, Pause and Resume, and Cancel,
 * which removes the upload. The same file chosen again after a cut or a reload resumes, and
 * says from where.
 */
export function ResumableVideoInput({
  hint,
  error,
  saving,
  onFileChange,
  onUploadChange,
}: ResumableVideoInputProps) {
  const { state, start, pause, resume, cancel } = useResumableUpload();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after Cancel.
  const [inputKey, setInputKey] = useState(0);
  const uploadId = state.phase === 'complete' ? state.id : null;
  useEffect(() => onUploadChange(uploadId), [uploadId, onUploadChange]);

  const sent = state.phase === 'complete' ? state.total : 'sent' in state ? state.sent : 0;
  const total = 'total' in state ? state.total : 0;
  const percent = percentOf(sent, total);
  const resumedFrom = 'resumedFrom' in state ? state.resumedFrom : null;

  let status: string | null = null;
  if (state.phase === 'uploading') {
    status = state.retrying ? messages.uploadRetrying : messages.uploadProgress(percent);
  } else if (state.phase === 'paused') status = messages.uploadPaused(percent);
  else if (state.phase === 'complete') {
    status = saving ? messages.uploadProcessing : messages.uploadComplete;
  } else if (state.phase === 'failed') status = state.message;

  return (
    <div className="space-y-3">
      <FileField
        key={inputKey}
        label={messages.videoFile}
        accept="video/mp4,video/webm,video/quicktime"
        hint={hint}
        error={error}
        file={file}
        disabled={saving}
        onChange={(chosen) => {
          setFile(chosen);
          onFileChange(chosen);
          if (chosen) void start(chosen);
          else cancel();
        }}
      />
      {state.phase !== 'idle' && (
        <div className="space-y-1.5">
          <progress
            value={percent}
            max={100}
            aria-label={messages.uploadProgress2}
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p
              role="status"
              data-testid="upload-status"
              className={
                state.phase === 'failed' ? 'font-medium text-red-700' : 'font-medium text-slate-800'
              }
            >
              {status}
            </p>
            <p data-testid="upload-bytes" className="text-slate-600">
              {messages.uploadedOf(inMb(sent), inMb(total))}
            </p>
          </div>
          {resumedFrom !== null && resumedFrom > 0 && state.phase !== 'complete' && (
            <p data-testid="upload-resumed" className="text-sm text-slate-600">
              {messages.uploadResuming(percentOf(resumedFrom, total))}
            </p>
          )}
          {!saving && state.phase !== 'failed' && (
            <div className="flex flex-wrap gap-2">
              {state.phase === 'uploading' && (
                <Button variant="secondary" onClick={pause}>
                  {messages.pauseUpload}
                </Button>
              )}
              {state.phase === 'paused' && (
                <Button variant="secondary" onClick={resume}>
                  {messages.resumeUpload}
                </Button>
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  cancel();
                  setFile(null);
                  onFileChange(null);
                  setInputKey((key) => key + 1);
                }}
              >
                {messages.cancelUpload}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
