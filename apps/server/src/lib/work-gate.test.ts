import { describe, expect, it } from 'vitest';
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
});
