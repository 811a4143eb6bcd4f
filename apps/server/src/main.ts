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
  await database.migrate();
  const app = await buildApp(config, { database, pollJobs: true });
  app.addHook('onClose', () => database.close());
  const firstStart = await ensureFirstAdmin(app.ctx);
  await runStartupTasks(app.ctx, { firstStart });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Ishuri is running at ${config.appUrl}`);
  console.log(`  database: ${database.kind === 'pglite' ? config.pgliteDir : 'PostgreSQL'}`);
  console.log(
    `  mail:     ${config.smtpUrl ? 'SMTP' : path.join(config.dataDir, 'mail') + ' (.eml files)'}`,
  );
  console.log(`  API docs: ${config.appUrl}/api/docs`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
