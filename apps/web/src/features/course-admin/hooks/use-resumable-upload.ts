import { messages } from '@ishuri/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import type { PreviousUpload } from 'tus-js-client';
import { getSession, getToken } from '../../../lib/auth';

/** Where resumable (tus) uploads are created; the server's route. */
const TUS_PATH = '/api/uploads/tus';
/** Chunks of 5 MB: a cut costs at most one chunk again. */
const CHUNK_SIZE = 5 * 1024 * 1024;
/** Retries after a cut connection or a server error, waiting longer each time. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

export type ResumableUpload =
  | { phase: 'idle' }
  | {
      phase: 'uploading' | 'paused';
      sent: number;
      total: number;
      /** Where a previous attempt stopped (bytes), when this one resumed it. */
      resumedFrom: number | null;
      /** The connection was lost and the upload is being tried again. */
      retrying: boolean;
    }
  | { phase: 'complete'; id: string; total: number; resumedFrom: number | null }
  | { phase: 'failed'; sent: number; total: number; message: string };

/** The sentence of a failed upload: the server's own (size, too many uploads), else ours. */
function failureOf(error: unknown): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
    } catch {
      // not the API's JSON: the general sentence
    }
  }
  return messages.uploadFailed;
}

/** A refusal is not retried (it would be refused again); a lost connection or a 5xx is. */
function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** Where a stored upload stands on the server, or null when it is gone (or not ours). */
async function offsetOf(url: string): Promise<number | null> {
  const token = getToken();
  try {
    const answer = await fetch(url, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    const offset = Number(answer.headers.get('upload-offset'));
    return answer.ok && Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

/**
 * A video sent with the tus protocol as soon as it is chosen (tus-js-client): in 5 MB chunks,
 * retried with growing delays, paused and resumed, cancelled (the server removes it). The
 * browser remembers each unfinished upload by its file (name, type, size, date) and its user,
 * so that the same file chosen again, after a reload too, goes on where it stopped.
 */
export function useResumableUpload() {
  const [state, setState] = useState<ResumableUpload>({ phase: 'idle' });
  const current = useRef<Upload | null>(null);
  const resumedFrom = useRef<number | null>(null);

  const start = useCallback(async (file: File) => {
    // Another file replaces the one before, whose upload is removed from the server.
    void current.current?.abort(true);
    resumedFrom.current = null;
    setState({ phase: 'uploading', sent: 0, total: file.size, resumedFrom: null, retrying: false });
    const userId = getSession()?.id ?? 'anyone';
    const upload: Upload = new Upload(file, {
      endpoint: new URL(TUS_PATH, window.location.origin).href,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (chosen) =>
        ['ishuri-video', userId, chosen.name, chosen.type, chosen.size, chosen.lastModified].join(
          '/',
        ),
      onBeforeRequest: (request) => {
        const token = getToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => {
        if (current.current !== upload) return;
        setState({
          phase: 'uploading',
          sent,
          total,
          resumedFrom: resumedFrom.current,
          retrying: false,
        });
      },
      onShouldRetry: (error) => {
        const retry = shouldRetry(error);
        if (retry && current.current === upload) {
          setState((was) => (was.phase === 'uploading' ? { ...was, retrying: true } : was));
        }
        return retry;
      },
      onSuccess: () => {
        if (current.current !== upload || !upload.url) return;
        const id = upload.url.slice(upload.url.lastIndexOf('/') + 1);
        setState({ phase: 'complete', id, total: file.size, resumedFrom: resumedFrom.current });
      },
      onError: (error) => {
        if (current.current !== upload) return;
        setState((was) => ({
          phase: 'failed',
          sent: was.phase === 'uploading' || was.phase === 'paused' ? was.sent : 0,
          total: file.size,
          message: failureOf(error),
        }));
      },
    });
    current.current = upload;
    const previous = (await upload.findPreviousUploads()) as Array<
      PreviousUpload & { uploadUrl?: string }
    >;
    // The newest stored upload of this file that the server still has.
    for (const candidate of [...previous].reverse()) {
      if (!candidate.uploadUrl) continue;
      const offset = await offsetOf(candidate.uploadUrl);
      if (offset === null) continue;
      resumedFrom.current = offset;
      upload.resumeFromPreviousUpload(candidate);
      break;
    }
    if (current.current !== upload) return;
    setState({
      phase: 'uploading',
      sent: resumedFrom.current ?? 0,
      total: file.size,
      resumedFrom: resumedFrom.current,
      retrying: false,
    });
    upload.start();
  }, []);

  const pause = useCallback(() => {
    const upload = current.current;
    if (!upload) return;
    void upload.abort(false);
    setState((was) =>
      was.phase === 'uploading' ? { ...was, phase: 'paused', retrying: false } : was,
    );
  }, []);

  const resume = useCallback(() => {
    const upload = current.current;
    if (!upload) return;
    setState((was) => (was.phase === 'paused' ? { ...was, phase: 'uploading' } : was));
    upload.start();
  }, []);

  /** Stops the upload and removes it from the server (and from the browser's list). */
  const cancel = useCallback(() => {
    const upload = current.current;
    current.current = null;
    resumedFrom.current = null;
    setState({ phase: 'idle' });
    if (upload) void upload.abort(true).catch(() => undefined);
  }, []);

  // Leaving the form stops sending; the upload stays on the server, to be resumed.
  useEffect(
    () => () => {
      const upload = current.current;
      current.current = null;
      if (upload) void upload.abort(false);
    },
    [],
  );

  return { state, start, pause, resume, cancel };
}
