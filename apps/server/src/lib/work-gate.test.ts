import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { WorkGate } from './work-gate';

/** A piece of work that runs until `finish` is called, and says when it started. */
function piece(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a work gate', () => {
  it('runs at most `running` at once; the others wait their turn, first come first served', async () => {
    const gate = new WorkGate(1, 5);
    const log: string[] = [];
    const [a, b, c] = [piece(log, 'a'), piece(log, 'b'), piece(log, 'c')];
    const results = [gate.run(a.work), gate.run(b.work), gate.run(c.work)];
    await turn();
    expect(log).toEqual(['start a']);
    expect(gate.counts).toEqual({ running: 1, waiting: 2 });
    a.finish();
    await turn();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.finish();
    c.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses one more than its line holds with 503 and Retry-After, and serves again after', async () => {
    const gate = new WorkGate(1, 1);
    const log: string[] = [];
    const [a, b] = [piece(log, 'a'), piece(log, 'b')];
    const first = gate.run(a.work);
    const second = gate.run(b.work);
    const refused = await gate.run(async () => 'c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
      headers: { 'retry-after': '1' },
    });
    a.finish();
    b.finish();
    expect([await first, await second]).toEqual(['a', 'b']);
    expect(await gate.run(async () => 'd')).toBe('d');
  });

  it('gives the turn on when a piece of work fails', async () => {
    const gate = new WorkGate(1, 5);
    const failing = gate.run(async () => {
      await turn();
      throw new Error('broken');
    });
    const next = gate.run(async () => 'next');
    await expect(failing).rejects.toThrow('broken');
    expect(await next).toBe('next');
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  describe('with a rest', () => {
    afterEach(() => vi.useRealTimers());

    it('hands the slot on only after a pause as long as the work took, times `rest`', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
      const gate = new WorkGate(1, 5, 1);
      const log: string[] = [];
      const slow = gate.run(async () => {
        log.push('start a');
        await new Promise((resolve) => setTimeout(resolve, 40));
        log.push('end a');
      });
      const next = gate.run(async () => log.push('start b'));
      await vi.advanceTimersByTimeAsync(40);
      await slow;
      expect(log).toEqual(['start a', 'end a']);
      expect(gate.counts).toEqual({ running: 1, waiting: 1 });
      await vi.advanceTimersByTimeAsync(39);
      expect(log).toEqual(['start a', 'end a']);
      await vi.advanceTimersByTimeAsync(1);
      await next;
      expect(log).toEqual(['start a', 'end a', 'start b']);
      expect(gate.counts).toEqual({ running: 0, waiting: 0 });
    });

    it('lets work that finds the gate free start at once, and frees it at once when no one waits', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
      const gate = new WorkGate(1, 5, 1);
      const first = gate.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, 40));
        return 'first';
      });
      await vi.advanceTimersByTimeAsync(40);
      expect(await first).toBe('first');
      expect(gate.counts).toEqual({ running: 0, waiting: 0 });
      // No pause owed: nobody was waiting when the first finished.
      expect(await gate.run(async () => 'second')).toBe('second');
    });
  });
});
