import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin } from './first-admin';
import { refuseUploadsInFlight } from './modules/media/uploads';
import { runStartupTasks } from './startup';

/** Before the shutdown's deadline, the time left to answer the uploads stopped then. */
const UPLOAD_GRACE_MS = 5000;

async function main() {
  let config;
  try {
    config = loadConfig({
      WEB_DIST: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
      ...process.env,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.pgliteDir ?? undefined,
  });
  // Processes of one deployment started together take turns (db/client.ts `exclusively`).
  await database.exclusively(() => database.migrate());
  const app = await buildApp(config, { database, pollJobs: true });
  await database.exclusively(async () => {
    const firstStart = await ensureFirstAdmin(app.ctx);
    await runStartupTasks(app.ctx, { firstStart });
  });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Ishuri is running at ${config.appUrl}`);
  console.log(`  database: ${database.kind === 'pglite' ? config.pgliteDir : 'PostgreSQL'}`);
  console.log(
    `  mail:     ${config.smtpUrl ? 'SMTP' : path.join(config.dataDir, 'mail') + ' (.eml files)'}`,
  );
  const files = config.s3
    ? `S3 bucket ${config.s3.bucket}, under ${config.s3.prefix || '/'}`
    : path.join(config.dataDir, 'uploads');
  console.log(`  files:    ${files}`);
  console.log(`  API docs: ${config.appUrl}/api/docs`);

  /**
   * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal). At once: the server
   * stops accepting connections, and every request that still arrives on an open connection,
   * readiness included, is answered 503 (Fastify's `return503OnClosing`, app.ts), so a balancer
   * sends its traffic elsewhere; the job queue claims no new job, and a video's renditions being
   * made are stopped (ffmpeg's whole process group), their work folders removed and the job put
   * back in the queue for another process or the next start (lib/jobs.ts `stopsAtShutdown`).
   * Requests in flight finish: an upload may go on until UPLOAD_GRACE before the deadline, then
   * it is answered 503 with `Retry-After` and nothing of it is kept (modules/media/uploads.ts). Kept-alive
   * connections are closed as soon as they are idle; once no request that sends something is
   * open, the connections still open (a video streamed to a paused player, which would otherwise
   * hold the process to its deadline) are closed too: players ask again with a range. Then the
   * database closes and the process exits 0. Past SHUTDOWN_TIMEOUT_SECONDS it logs what it was
   * waiting for and exits 1. A second signal changes nothing: the deadline stands.
   */
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    const timeoutMs = config.shutdownTimeoutMs;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight and jobs');
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, timeoutMs, sendingRequests: app.sendingRequests() },
        'shutdown took too long: exiting with work unfinished',
      );
      process.exit(1);
    }, timeoutMs);
    // Uploads still arriving this close to the deadline are answered 503 with Retry-After.
    const uploadsUntil = Math.max(timeoutMs - UPLOAD_GRACE_MS, timeoutMs / 2);
    const uploadTimer = setTimeout(() => {
      const refused = refuseUploadsInFlight();
      if (refused > 0) app.log.info({ refused }, 'uploads still arriving answered 503');
    }, uploadsUntil);
    // An idle keep-alive connection is closed at once; the others once no request that sends
    // something has been open for two turns (what remains are answers being streamed).
    let quietTurns = 0;
    const reaper = setInterval(() => {
      app.server.closeIdleConnections();
      quietTurns = app.sendingRequests() === 0 ? quietTurns + 1 : 0;
      if (quietTurns >= 2) app.server.closeAllConnections();
    }, 100);
    Promise.all([app.ctx.jobs.stop(), app.close()])
      .then(() => database.close())
      .then(
        () => {
          clearTimeout(deadline);
          clearTimeout(uploadTimer);
          clearInterval(reaper);
          app.log.info({ signal, ms: Math.round(performance.now() - started) }, 'shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
