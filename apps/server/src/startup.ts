import { courses } from './db/schema';
import { seedDemo } from './demo/seed-demo';
import type { AppContext } from './context';
import { ensureExplainerVideo } from './modules/media/explainer-video';

/**
 * Work done once at start, after the first admin exists: the landing page's explainer video,
 * and the demo catalogue when configured (SEED_DEMO, on by default for the embedded database)
 * on the first start (the one that created the first admin) with no course yet. Later starts
 * never seed again, so courses an admin deleted do not come back; `npm run seed` still can.
 */
export async function runStartupTasks(
  ctx: AppContext,
  options: { firstStart: boolean },
  print: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  await ensureExplainerVideo(ctx);
  if (!ctx.config.seedDemo || !options.firstStart) return;
  const [anyCourse] = await ctx.database.db.select({ id: courses.id }).from(courses).limit(1);
  if (anyCourse) return;
  try {
    const result = await seedDemo(ctx);
    print(
      `Demo catalogue created: ${result.freeCourses} free and ${result.premiumCourses} premium courses, ` +
        `${result.lessons} lessons, ${result.subLessons} sub-lessons ` +
        `(${result.videoItems} videos, ${result.quizItems} quizzes), ${result.blogs} blog posts.`,
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'the demo catalogue could not be created');
  }
}
