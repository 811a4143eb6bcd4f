import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureFirstAdmin } from './lib/bootstrap';
import { runStartupTasks } from './startup';

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
   * sends its traffic elsewhere; the job queue claims no new job. Requests in flight (a streaming
   * upload too) and the running job finish; jobs queued meanwhile stay in the database for
   * another process or the next start. Then the database closes and the process exits 0. Past
   * SHUTDOWN_TIMEOUT_SECONDS it logs what it was waiting for and exits 1. A second signal
   * changes nothing: the deadline stands.
   */
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const timeoutMs = config.shutdownTimeoutMs;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight and jobs');
    const deadline = setTimeout(() => {
      app.log.error({ signal, timeoutMs }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, timeoutMs);
    // A keep-alive connection whose request has just finished is idle: close it, or it would
    // hold the server open until its keep-alive time-out.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 200);
    Promise.all([app.close(), app.ctx.jobs.stop()])
      .then(() => database.close())
      .then(
        () => {
          clearTimeout(deadline);
          clearInterval(reaper);
          app.log.info({ signal }, 'shut down');
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
