import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import os from 'node:os';

/**
 * The ffmpeg the project ships (@ffmpeg-installer), and one way to run it: the demo's clips
 * (media-generator.ts) and lesson videos' renditions (renditions.ts) both go through here.
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
 * Runs ffmpeg at a lower priority, stopped after `timeoutMs`. `probing`: ffmpeg exits with an
 * error when it is only asked to read (no output): that is expected.
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs: number,
  probing = false,
): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        /* not allowed here: it runs at the normal priority */
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || (probing && signal === null)) resolve({ stderr });
      else
        reject(new Error(`ffmpeg ended with ${signal ?? `code ${code}`}: ${stderr.slice(-500)}`));
    });
  });
}
