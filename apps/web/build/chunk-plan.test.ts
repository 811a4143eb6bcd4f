import { describe, expect, it } from 'vitest';
import { planChunks } from './chunk-plan';
import type { PlannedChunk } from './chunk-plan';

/** A chunk of the bundler's own split: its modules (each with code unless listed as empty). */
function chunk(
  fileName: string,
  modules: string[],
  options: Partial<Omit<PlannedChunk, 'modules' | 'moduleIds'>> & { empty?: string[] } = {},
): PlannedChunk {
  const { empty = [], ...rest } = options;
  return {
    fileName,
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    code: 'x'.repeat(100),
    ...rest,
    moduleIds: modules,
    modules: Object.fromEntries(
      modules.map((id) => [id, { renderedLength: empty.includes(id) ? 0 : 10 }]),
    ),
  };
}

const page = (name: string) => `/w/apps/web/src/features/${name}.tsx`;
const pages = [
  { name: 'landing', module: 'landing/pages/landing-page' },
  { name: 'course', module: 'courses/pages/course-detail-page' },
  { name: 'learn', module: 'learn/pages/learn-page' },
];
const big = 'x'.repeat(5000);

// The landing, the course page and the learning page are public; an admin screen is not.
const split = [
  chunk('index.js', ['/w/main.tsx'], { isEntry: true, imports: ['react.js', 'router.js'] }),
  chunk('react.js', ['/n/react.js']),
  chunk('router.js', ['/n/router.js', '/n/contract-index.js'], {
    imports: ['react.js'],
    empty: ['/n/contract-index.js'],
  }),
  chunk('landing.js', [page('landing/pages/landing-page')], {
    isDynamicEntry: true,
    facadeModuleId: page('landing/pages/landing-page'),
    imports: ['react.js', 'cards.js', 'tiny-a.js', 'tiny-c.js'],
  }),
  chunk('course.js', [page('courses/pages/course-detail-page')], {
    isDynamicEntry: true,
    facadeModuleId: page('courses/pages/course-detail-page'),
    imports: ['react.js', 'cards.js', 'curriculum.js', 'tiny-b.js', 'badge.js'],
  }),
  chunk('learn.js', [page('learn/pages/learn-page')], {
    isDynamicEntry: true,
    facadeModuleId: page('learn/pages/learn-page'),
    imports: ['react.js', 'curriculum.js', 'forms.js', 'tiny-b.js', 'tiny-c.js'],
  }),
  chunk('admin.js', [page('admin/pages/users-page')], {
    isDynamicEntry: true,
    facadeModuleId: page('admin/pages/users-page'),
    imports: ['forms.js', 'table.js'],
  }),
  // Shared by the landing and the course page, large: a file of its own.
  chunk('cards.js', ['/w/cards.tsx', '/n/icon-book.js'], { code: big }),
  // Shared by the course and learning pages, small: into "pages".
  chunk('curriculum.js', ['/w/curriculum.ts'], { imports: ['react.js'] }),
  // Small, loaded by the landing alone among public pages: a file of its own (no other page
  // loads its bytes).
  chunk('tiny-a.js', ['/w/tiny-a.ts']),
  chunk('tiny-b.js', ['/w/tiny-b.ts'], { imports: ['curriculum.js'] }),
  // Small, shared by the landing and the learning page: into the landing's small file, which
  // holds no other page's code.
  chunk('tiny-c.js', ['/w/tiny-c.ts']),
  // Small, but it imports the large "cards" file: it stays on its own.
  chunk('badge.js', ['/w/badge.tsx'], { imports: ['cards.js'] }),
  // Shared by the learning page and an admin screen, large: a file for the learning page's set.
  chunk('forms.js', ['/n/forms.js', '/n/zod.js'], { code: big }),
  // Loaded by no public page: left to the bundler.
  chunk('table.js', ['/n/table.js']),
];

describe('planChunks', () => {
  it('gathers what the entry loads, and groups what public pages share by their set', () => {
    expect(Object.fromEntries(planChunks(split, pages))).toEqual({
      '/n/react.js': 'app',
      '/n/router.js': 'app',
      '/w/cards.tsx': 'pages-landing-course',
      '/n/icon-book.js': 'pages-landing-course',
      '/w/curriculum.ts': 'pages',
      '/w/tiny-a.ts': 'pages-landing',
      '/w/tiny-b.ts': 'pages',
      '/w/tiny-c.ts': 'small-landing',
      '/w/badge.tsx': 'pages-course',
      '/n/forms.js': 'pages-learn',
      '/n/zod.js': 'pages-learn',
    });
  });

  it('plans a page’s view as a page of its own, named apart from what its page loads', () => {
    const learnView = page('learn/components/learn-view');
    const withView = [
      ...split.map((c) => ({ ...c, imports: [...c.imports] })),
      chunk('learn-view.js', [learnView], {
        isDynamicEntry: true,
        facadeModuleId: learnView,
        imports: ['player.js', 'outline.js', 'enrolments.js', 'curriculum.js'],
      }),
      // The view's alone, large: its own file.
      chunk('player.js', ['/w/player.tsx'], { code: big }),
      // Shared by the view and the course page, small: into "pages", as for two pages.
      chunk('outline.js', ['/w/outline.tsx']),
      // Loaded by the learning page and by its view: the page's set, named by the page alone.
      chunk('enrolments.js', ['/w/enrolments.ts']),
    ];
    withView.find((c) => c.fileName === 'learn.js')!.imports.push('enrolments.js');
    withView.find((c) => c.fileName === 'course.js')!.imports.push('outline.js');
    const viewPages = pages.map((p) =>
      p.name === 'learn' ? { ...p, view: 'learn/components/learn-view' } : p,
    );
    const plan = planChunks(withView, viewPages);
    expect(plan.get('/w/player.tsx')).toBe('pages-learn-view');
    expect(plan.get('/w/outline.tsx')).toBe('pages');
    expect(plan.get('/w/enrolments.ts')).toBe('pages-learn');
    expect(plan.get('/n/forms.js')).toBe('pages-learn');
    // What the view shares with two pages goes where it went without the view.
    expect(plan.get('/w/curriculum.ts')).toBe('pages');
  });

  it('fails the build when a public page has no file of its own', () => {
    expect(() =>
      planChunks(split, [...pages, { name: 'blog', module: 'blog/pages/blog-page' }]),
    ).toThrow('chunk plan: no file for the page blog/pages/blog-page');
  });
});
