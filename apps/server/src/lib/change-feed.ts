import type { FastifyInstance } from 'fastify';
import type { Database, Subscription } from '../db/client';

/** How long a lost LISTEN connection waits before it is opened again. */
const RETRY_MS = 5_000;

/**
 * Keeps listening to `channel` for the app's life: `onNotify` for every message (from this
 * process or, on PostgreSQL, any other process on the same database), `setOnline(false)` as soon
 * as messages can no longer be heard and `setOnline(true)` once they can again (retried every
 * few seconds). A cache that follows a channel is off while it is offline, so a process never
 * serves what another one changed. Resolves after the first attempt.
 */
export async function followChannel(
  app: FastifyInstance,
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  setOnline: (online: boolean) => void,
): Promise<void> {
  let subscription: Subscription | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closing = false;
  const subscribe = async () => {
    try {
      subscription = await database.listen(channel, onNotify, () => {
        setOnline(false);
        if (!closing) retry = setTimeout(() => void subscribe(), RETRY_MS);
      });
      setOnline(true);
    } catch (error) {
      app.log.warn({ err: error, channel }, 'a cache is off: cannot listen for changes');
      if (!closing) retry = setTimeout(() => void subscribe(), RETRY_MS);
    }
  };
  await subscribe();
  app.addHook('onClose', async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    await subscription?.close();
  });
}

/**
 * What a cache that follows a channel needs: a generation, moved on by every clearing, so that a
 * read that began before one is not kept; and whether changes can be heard at all (off, it keeps
 * nothing and answers nothing).
 */
export abstract class FollowingCache {
  private generationNumber = 0;

  constructor(protected online: boolean) {}

  /** The generation a read starts in; pass it back when keeping what was read. */
  get generation() {
    return this.generationNumber;
  }

  /** Whether what was read during `generation` may be kept. */
  protected mayKeep(generation: number): boolean {
    return this.online && generation === this.generationNumber;
  }

  /** Every read in flight is now too old to be kept. */
  protected nextGeneration() {
    this.generationNumber += 1;
  }

  /** Drops everything kept. */
  protected abstract empty(): void;

  /** Off while other processes' changes cannot be heard; on again (empty) once they can. */
  setOnline(online: boolean) {
    this.nextGeneration();
    this.empty();
    this.online = online;
  }
}
