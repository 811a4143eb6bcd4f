import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Route handlers still running. A client that cuts its request off closes its connection at
 * once, but the handler goes on: a streaming upload's write fails and removes its temporary
 * file. Closing the app waits for these (app.ts, onClose) before it closes what they use, so a
 * shutdown never leaves a half-written file behind.
 */
class InFlight {
  private running = 0;
  private idle: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.running += 1;
    return work.finally(() => {
      this.running -= 1;
      if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve();
    });
  }

  /** Resolves true once no handler runs, or false when `ms` pass first. */
  settled(ms: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** Counts every route's handler registered after this call (register it before the routes). */
export function trackHandlers(app: FastifyInstance): InFlight {
  const inFlight = new InFlight();
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      return result instanceof Promise ? inFlight.track(result) : result;
    } as RouteHandlerMethod;
  });
  return inFlight;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests with a body (not GET, HEAD, OPTIONS) not yet answered. */
    sendingRequests: () => number;
  }
}

/**
 * Requests that send something (an upload, a form) not yet answered, as `app.sendingRequests()`:
 * a shutdown closes the connections left (videos streamed to a paused player) once none is
 * (main.ts).
 */
export function countSendingRequests(app: FastifyInstance): void {
  let sending = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return;
    }
    sending += 1;
    reply.raw.once('close', () => (sending -= 1));
  });
  app.decorate('sendingRequests', () => sending);
}
