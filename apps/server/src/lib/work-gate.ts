import { fail } from './errors';

/**
 * At most `running` pieces of work at once in this process, and at most `waiting` more in line
 * (first come, first served); one more is refused at once with 503 and `Retry-After`, rather
 * than wait without end. Work that waits here costs nothing: it has not started, so it holds
 * neither a database connection nor the event loop.
 */
export class WorkGate {
  private active = 0;
  private readonly line: (() => void)[] = [];

  /**
   * @param rest With work waiting, a finished piece's slot is handed on only after a pause of
   *   `rest` times as long as that piece took: with `rest` 1, work through this gate holds the
   *   process at most about half of the time, however much of it is asked for, and what else the
   *   process serves gets the other half. Work that finds the gate free starts at once.
   */
  constructor(
    readonly running: number,
    readonly waiting: number,
    readonly rest = 0,
  ) {}

  /** Pieces of work started and not yet finished, and pieces waiting for a turn. */
  get counts() {
    return { running: this.active, waiting: this.line.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.line.length >= this.waiting) {
        throw fail('UNAVAILABLE', { headers: { 'retry-after': '1' } });
      }
      // The slot is handed over by the one that finishes (below): `active` does not change.
      await new Promise<void>((turn) => this.line.push(turn));
    } else {
      this.active += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      const pause = (performance.now() - started) * this.rest;
      if (pause > 0 && this.line.length > 0) setTimeout(() => this.handOn(), pause);
      else this.handOn();
    }
  }

  private handOn() {
    const next = this.line.shift();
    if (next) next();
    else this.active -= 1;
  }
}
