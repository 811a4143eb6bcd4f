// A vitest reporter for CI (`.ci/run` sets CHECK_SKIPPED=1): a skipped test fails the run unless
// README.md's section "Tests CI may skip" names it, by project and file (and, where given, the
// start of its full name), with its reason. A test skipped because something CI should provide
// is missing (Redis, PostgreSQL, pdftotext) is then a failure, not a quiet pass.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Allowed {
  project: string;
  file: string;
  name: string | undefined;
}

const SECTION = '### Tests CI may skip';
const LINE = /^- `(\w+)` `([^`]+)`(?: › `([^`]+)`)?: \S/;

/** The skips README.md allows: `- \`project\` \`file\` [› \`name\`]: reason`, one a line. */
export function allowedSkips(readme: string): Allowed[] {
  const start = readme.indexOf(SECTION);
  if (start < 0) return [];
  const allowed: Allowed[] = [];
  for (const line of readme
    .slice(start + SECTION.length)
    .split('\n')
    .slice(1)) {
    if (line.startsWith('#')) break;
    const match = LINE.exec(line);
    if (match) allowed.push({ project: match[1]!, file: match[2]!, name: match[3] });
  }
  return allowed;
}

/** @public Loaded by vitest by its path (vitest.config.ts). */
export default class SkippedReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const allowed = allowedSkips(readFileSync(path.join(root, 'README.md'), 'utf8'));
    const unexplained: string[] = [];
    let explained = 0;
    for (const module of testModules) {
      const project = module.project.name;
      const file = path.relative(root, module.moduleId);
      for (const test of module.children.allTests()) {
        if (test.result().state !== 'skipped') continue;
        const ok = allowed.some(
          (skip) =>
            skip.project === project &&
            skip.file === file &&
            (skip.name === undefined || test.fullName.startsWith(skip.name)),
        );
        if (ok) explained += 1;
        else unexplained.push(`  ${project} ${file} › ${test.fullName}`);
      }
    }
    console.log(`skipped tests: ${explained} with a reason README.md lists`);
    if (unexplained.length) {
      console.error(
        `skipped tests without a reason README.md lists ("${SECTION}"):\n${unexplained.join('\n')}`,
      );
      process.exitCode = 1;
    }
  }
}
