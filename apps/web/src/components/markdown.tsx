import { lazy, Suspense, useDeferredValue } from 'react';
import type { ComponentType } from 'react';
import { cn } from '../lib/cn';
import type * as RendererModule from './markdown-render';
import { PlainText } from './plain-text';

/**
 * The Markdown renderer's code is fetched the first time a text is drawn, not with the pages
 * that may draw one (`marked`, about 16 kB gzip, reads the text in a worker); the service
 * worker keeps it with the app's other files, so lessons saved for offline study are drawn
 * offline too. Should it not arrive (a new version published meanwhile), the text stays plain
 * rather than the page failing.
 *
 * Once the renderer is loaded its component is drawn directly: a `lazy` component drawn the
 * first time suspends even when its code is already there, and React then holds the revealed
 * text back for up to 300 ms (it gathers reveals after a fallback).
 */
type Renderer = typeof RendererModule;
let renderer: Renderer | null = null;
const loadRenderer = (): Promise<Renderer> =>
  import('./markdown-render').then((module) => (renderer = module));

const LazyBody = lazy((): Promise<{ default: ComponentType<BodyProps> }> =>
  loadRenderer().then(
    (module) => ({ default: module.MarkdownBody }),
    () => ({ default: PlainText }),
  ),
);

/**
 * Fetches the renderer and starts its reader, for a page that will draw a text once its data is
 * read (the learning page): both come while the data does. Nothing is drawn; a failure is left
 * to the text's own loading.
 */
export function prepareMarkdown(): void {
  loadRenderer().then(
    (module) => module.prepareReader(),
    () => undefined,
  );
}

interface BodyProps {
  text: string;
  headingLevel: number;
}

/** The frame's type; its elements' look comes with the renderer (markdown.css). */
const look = 'markdown max-w-prose space-y-4 text-base leading-7 break-words text-slate-800';

/**
 * A text written by a user (lesson, discussion post, announcement) drawn as Markdown (see
 * markdown-render.tsx for what is drawn and what is refused). While the renderer's code loads,
 * the plain text shows in its place.
 *
 * `headingLevel`: the level of the text's first heading, one below the heading it sits under.
 */
export function Markdown({
  text,
  headingLevel,
  className,
}: {
  text: string;
  headingLevel: number;
  className?: string;
}) {
  // A changed text (a preview as it is typed) is read in the background: the text drawn so far
  // stays until the new one is ready, rather than the plain text flashing in between.
  const shown = useDeferredValue(text);
  const Body = renderer?.MarkdownBody ?? LazyBody;
  return (
    <div className={cn(look, className)}>
      <Suspense fallback={<PlainText text={text} />}>
        <Body text={shown} headingLevel={headingLevel} />
      </Suspense>
    </div>
  );
}

const LazyExcerpt = lazy((): Promise<{ default: ComponentType<{ text: string }> }> =>
  loadRenderer().then(
    (module) => ({ default: module.MarkdownExcerpt }),
    () => ({ default: ({ text }) => text }),
  ),
);

/**
 * A short excerpt of a text written in Markdown (a lesson's preview in the course manager): its
 * words without the marks, in one paragraph (`className` clamps its lines). The text as typed
 * shows while the renderer's code loads.
 */
export function MarkdownExcerpt({ text, className }: { text: string; className?: string }) {
  const Excerpt = renderer?.MarkdownExcerpt ?? LazyExcerpt;
  return (
    <p className={cn('whitespace-pre-line', className)}>
      <Suspense fallback={text}>
        <Excerpt text={text} />
      </Suspense>
    </p>
  );
}
