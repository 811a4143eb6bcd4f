import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { fail } from './errors';
import { countJobs } from './jobs';
import { messages } from './i18n';
import type { Mailer } from './mailer';

/**
 * Prometheus metrics (GET /metrics, text exposition). One registry per app instance, never
 * prom-client's global one: tests build several apps in one process, and each counts its own.
 * Every name starts with `ishuri_`:
 *
 * - `ishuri_http_requests_total{method,route,status}`: answers, by route pattern;
 * - `ishuri_http_request_duration_seconds{method,route}`: time to answer (histogram);
 * - `ishuri_job_queue_depth{state,type}`: jobs waiting, running or failed, read from the jobs
 *   table at each scrape (finished jobs are kept a week and not counted);
 * - `ishuri_job_failures_total{type,final}`: failed job runs, `final="false"` retried later,
 *   `final="true"` given up (shown to admins);
 * - `ishuri_mail_failures_total`: mails the mail server (or the mail folder) did not take;
 * - Node's default process metrics (`ishuri_process_…`, `ishuri_nodejs_…`), only when the
 *   endpoint is enabled (they watch the event loop and garbage collector).
 */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  jobFailures: Counter<'type' | 'final'>;
  mailFailures: Counter;
}

/** At most this many (state, type) series: the job types are few, and a scrape stays cheap. */
const MAX_QUEUE_SERIES = 200;

export function createMetrics(database: Database, options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'ishuri_' });
  const requests = new Counter({
    name: 'ishuri_http_requests_total',
    help: 'HTTP answers, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'ishuri_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'ishuri_job_failures_total',
    help: 'Failed job runs, by type; final="true" when the job was given up',
    labelNames: ['type', 'final'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'ishuri_mail_failures_total',
    help: 'Mails that could not be sent (each failed try)',
    registers: [registry],
  });
  new Gauge({
    name: 'ishuri_job_queue_depth',
    help: 'Jobs waiting, running or failed, by state and type (read at each scrape)',
    labelNames: ['state', 'type'] as const,
    registers: [registry],
    async collect() {
      const rows = await countJobs(database.db, {
        states: ['pending', 'running', 'failed'],
        limit: MAX_QUEUE_SERIES,
      });
      this.reset();
      for (const state of ['pending', 'running', 'failed']) this.set({ state, type: 'all' }, 0);
      const totals = new Map<string, number>();
      for (const row of rows) {
        this.set({ state: row.state, type: row.type }, row.count);
        totals.set(row.state, (totals.get(row.state) ?? 0) + row.count);
      }
      for (const [state, n] of totals) this.set({ state, type: 'all' }, n);
    },
  });
  return { registry, requests, duration, jobFailures, mailFailures };
}

/** The mailer, counting its failed sends (queued mails and sign-in codes sent at once alike). */
export function countMailFailures(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    mode: mailer.mode,
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (error) {
        metrics.mailFailures.inc();
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

/**
 * The route's pattern (`/api/course/single/:id`), never the URL itself: ids in URLs would make
 * a series per record. A request no route matched is counted under one label.
 */
const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Counts every answer, and serves GET /metrics: 404 without METRICS_TOKEN (the route exists so
 * that the web app's fallback never answers it), 401 without the right bearer token. The token
 * is compared in constant time (both sides hashed first, so the lengths match too).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw fail('ROUTE_NOT_FOUND', { message: messages.routeNotFound });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) throw fail('UNAUTHENTICATED');
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
