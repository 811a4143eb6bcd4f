import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './demo/seed-demo';
import { ensureFirstAdmin } from './first-admin';
import { ensureExplainerVideo } from './modules/media/explainer-video';

/**
 * `npm run seed`: adds the demo catalogue to the database the server uses (same configuration),
 * whatever it already holds. Running it again adds nothing.
 */
async function main() {
  let config;
  try {
    config = loadConfig(process.env);
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
  const app = await buildApp({ ...config, logLevel: 'warn' }, { database });
  try {
    await ensureFirstAdmin(app.ctx);
    await ensureExplainerVideo(app.ctx);
    const result = await seedDemo(app.ctx);
    if (result.courses + result.lessons + result.subLessons + result.blogs === 0) {
      console.log('The demo catalogue is already there: nothing was added.');
    } else {
      console.log(
        `Demo catalogue added: ${result.courses} courses (${result.freeCourses} free, ${result.premiumCourses} premium), ` +
          `${result.lessons} lessons, ${result.subLessons} sub-lessons ` +
          `(${result.textItems} text, ${result.videoItems} video, ${result.quizItems} quizzes), ${result.blogs} blog posts.`,
      );
    }
    if (!result.videosAvailable)
      console.log('Videos could not be generated: see the warning above.');
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
