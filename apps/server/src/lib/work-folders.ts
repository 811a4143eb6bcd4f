import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Work folders in the temporary folder, for copies of uploads that programs read from disk
 * (ffmpeg's renditions, the object store's local copies). Their names carry the process id
 * (`ishuri-renditions-<pid>-…`, `ishuri-s3-<pid>-…`), so that the next start removes those of a
 * process that is gone (`sweepWorkFolders`).
 */

/** The prefixes of work folders in the temporary folder that hold copies of uploads. */
export type WorkFolderKind = 'renditions' | 's3';

const WORK_FOLDER = /^ishuri-(renditions|s3)-(\d+)-[A-Za-z0-9]{6}$/;
/** Folders named before the process id was part of the name: removed once this old. */
const UNNAMED_FOLDER = /^ishuri-(renditions|s3)-[A-Za-z0-9]{6}$/;
const UNNAMED_AGE_MS = 24 * 60 * 60 * 1000;

/** Work folders of this process, alive now. */
const liveFolders = new Set<string>();

/** A new work folder of this process in the temporary folder; `removeWorkFolder` when done. */
export async function makeWorkFolder(kind: WorkFolderKind): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), `ishuri-${kind}-${process.pid}-`));
  liveFolders.add(folder);
  return folder;
}

export async function removeWorkFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  liveFolders.delete(folder);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id; it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the work folders left by processes that ended without cleaning up (a crash, `kill -9`):
 * those whose process is gone, and this process id's own that it does not use (a restarted
 * container often gets the same id). Folders of other live processes on this machine stay.
 * Answers how many were removed.
 */
export async function sweepWorkFolders(tmp = os.tmpdir()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmp);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const folder = path.join(tmp, name);
    const named = WORK_FOLDER.exec(name);
    let stale = false;
    if (named) {
      const pid = Number(named[2]);
      stale = pid === process.pid ? !liveFolders.has(folder) : !processAlive(pid);
    } else if (UNNAMED_FOLDER.test(name)) {
      const info = await stat(folder).catch(() => null);
      stale = info !== null && Date.now() - info.mtimeMs > UNNAMED_AGE_MS;
    }
    if (!stale) continue;
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
