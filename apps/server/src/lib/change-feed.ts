import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database, Subscription } from '../db/client';

/** How long a lost LISTEN connection waits before it is opened again. */
const RETRY_MS = 5_000;

/** Between a message's sender and its payload (a uuid has no space). */
const SEPARATOR = ' ';

/**
 * A channel of change messages between the processes on one database (PostgreSQL NOTIFY and
 * LISTEN; in-process on PGlite). Each message carries the id of the channel object that sent it,
 * and `follow` passes on only the other senders' messages: the sender has already acted on its
 * own change, and hearing it again, a moment later and after a fresh read was kept, would only
 * throw that read away.
 */
export class ChangeChannel {
  private readonly sender = randomUUID();

  constructor(
    private readonly database: Database,
    private readonly name: string,
  ) {}

  /** Tells the other followers; resolves once sent. */
  publish(payload = ''): Promise<void> {
    return this.database.notify(this.name, `${this.sender}${SEPARATOR}${payload}`);
  }

  /**
   * Keeps listening for the app's life: `onNotify` for every other sender's message,
   * `setOnline(false)` as soon as messages can no longer be heard and `setOnline(true)` once they
   * can again (retried every few seconds). A cache that follows a channel is off while it is
   * offline, so a process never serves what another one changed. Resolves after the first
   * attempt.
   */
  async follow(
    app: FastifyInstance,
    onNotify: (payload: string) => void,
    setOnline: (online: boolean) => void,
  ): Promise<void> {
    const heard = (message: string) => {
      const at = message.indexOf(SEPARATOR);
      if (at < 0 || message.slice(0, at) === this.sender) return;
      onNotify(message.slice(at + SEPARATOR.length));
    };
    let subscription: Subscription | null = null;
    let retry: NodeJS.Timeout | null = null;
    let closing = false;
    const subscribe = async () => {
      try {
        subscription = await this.database.listen(this.name, heard, () => {
          setOnline(false);
          if (!closing) retry = setTimeout(() => void subscribe(), RETRY_MS);
        });
        setOnline(true);
      } catch (error) {
        app.log.warn(
          { err: error, channel: this.name },
          'a cache is off: cannot listen for changes',
        );
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
