import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * The ffmpeg the project ships (@ffmpeg-installer), and one way to run it: the demo's clips
 * (media-generator.ts) and lesson videos' renditions (renditions.ts) both go through here.
 *
 * How an ffmpeg never outlives its reason to run (issue 29, point 3):
 * - It runs in a process group of its own (`detached`), under a tiny `sh` watchdog that leads
 *   the group. Stopping it (a time limit, a shutdown's abort) kills the whole group at once.
 * - The watchdog holds the read end of a pipe whose only write end is this server's. When the
 *   server dies in any way (`kill -9` included), the kernel closes that end, the watchdog reads
 *   end-of-file and kills its group: no ffmpeg survives the server by more than a moment.
 *   ffmpeg's own standard input is /dev/null (`-nostdin` is not needed then, and it never waits
 *   for a key). A parent-death signal (prctl) would do the same, but Node cannot set one and
 *   `setpriv` is not on every system; `sh` is.
 * - Work folders (work-folders.ts) carry the process id in their name, so that the next start
 *   removes those of a process that is gone.
 */

let ffmpegLookup: Promise<string | null> | null = null;

/** The ffmpeg binary of @ffmpeg-installer/ffmpeg, or null when it is not installed here. */
export function findFfmpeg(): Promise<string | null> {
  ffmpegLookup ??= (async () => {
    try {
      const installer = (await import('@ffmpeg-installer/ffmpeg')).default;
      await access(installer.path);
      return installer.path;
    } catch {
      return null;
    }
  })();
  return ffmpegLookup;
}

/**
 * How ffmpeg reads a stored upload: only the local file (no network protocol, no other file by
 * reference) and only with the demuxer of the container the upload check accepted, so a file
 * built to look like an MP4 to the check and like a playlist (HLS, DASH, concat) to ffmpeg's
 * guess is read as an MP4, or not at all.
 */
export type InputFormat = 'mov' | 'matroska';

/** The demuxer of a stored video, by its extension (given by the upload check), or null. */
export function inputFormatOf(file: string): InputFormat | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.mp4' || ext === '.mov' || ext === '.m4a') return 'mov';
  if (ext === '.webm') return 'matroska';
  return null;
}

/** ffmpeg's input options for a local media file read as `format`. */
export function safeInput(file: string, format: InputFormat): string[] {
  return ['-protocol_whitelist', 'file', '-f', format, '-i', `file:${file}`];
}

/**
 * The watchdog: runs its arguments (ffmpeg) at a lower priority in the background and waits for
 * it; beside it, a reader of fd 3 (the server's pipe) kills the whole group (`kill 0`) when the
 * pipe ends, that is when the server is gone. Its exit status is ffmpeg's.
 */
const WATCHDOG = [
  'exec 3<&0',
  'nice -n 10 "$@" </dev/null & child=$!',
  '{ while read -r _; do :; done <&3; kill -KILL 0; } & guard=$!',
  'wait "$child"; status=$?',
  'kill "$guard" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** Groups of ffmpeg running now, killed when this process exits (process.exit included). */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone already */
  }
}

process.on('exit', () => {
  for (const child of running) killGroup(child);
});

export interface RunOptions {
  /** ffmpeg exits with an error when it is only asked to read (no output): that is expected. */
  probing?: boolean;
  /** Stops ffmpeg (its whole group) at once; the promise then rejects with `aborted: true`. */
  signal?: AbortSignal;
}

/**
 * Runs ffmpeg at a lower priority under its watchdog, stopped after `timeoutMs` (the error then
 * has `timedOut: true`) or when `options.signal` aborts.
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs: number,
  options: RunOptions = {},
): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const { signal, probing = false } = options;
    if (signal?.aborted) {
      reject(Object.assign(new Error('ffmpeg was stopped before it started'), { aborted: true }));
      return;
    }
    const child = spawn('/bin/sh', ['-c', WATCHDOG, 'ishuri-ffmpeg', binary, ...args], {
      stdio: ['pipe', 'ignore', 'pipe'],
      detached: true,
    });
    running.add(child);
    // Never written to: its end is the server's death notice to the watchdog.
    child.stdin!.on('error', () => undefined);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    let ended: 'timedOut' | 'aborted' | null = null;
    const stop = (why: 'timedOut' | 'aborted') => {
      ended ??= why;
      killGroup(child);
    };
    const timer = setTimeout(() => stop('timedOut'), timeoutMs);
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      running.delete(child);
      child.stdin!.destroy();
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code, exitSignal) => {
      done();
      if (ended) {
        // eslint-disable-next-line catalogue/no-literal-reply -- a job's error, kept for admins' logs
        const reason = ended === 'aborted' ? 'was stopped' : `took longer than ${timeoutMs} ms`;
        reject(Object.assign(new Error(`ffmpeg ${reason}`), { [ended]: true }));
        return;
      }
      // The watchdog answers 128 + n when ffmpeg was killed by signal n.
      if (code === 0 || (probing && code !== null && code < 128)) resolve({ stderr });
      else
        reject(
          new Error(`ffmpeg ended with ${exitSignal ?? `code ${code}`}: ${stderr.slice(-500)}`),
        );
    });
  });
}
