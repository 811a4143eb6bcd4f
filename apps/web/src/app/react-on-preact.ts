import { options } from 'preact';
import type { ComponentType, VNode } from 'preact';
import compat, { useCallback, useLayoutEffect } from 'preact/compat';
import { createRoot, hydrateRoot as hydrateWithPreact } from 'preact/compat/client';

/**
 * What `react`, `react-dom` and `react-dom/client` are in the bundle (vite.config.ts): Preact's
 * React compatibility layer, with the React 19 behaviours the app relies on that the layer
 * lacks. The app is written against React's API and types; Preact draws it, with about a tenth
 * of React's code, so a phone starts the landing page sooner (issue 13, point 3). Added here,
 * for every component, so that the code keeps following React's rules:
 *
 * - `ref` is a plain prop of a function component (`function TextField({ ref, ...props })`,
 *   which react-hook-form's `register()` is spread into);
 * - a `<title>` drawn anywhere in a page names the document (React 19 moves it to the head).
 *   In the browser it sets `document.title` while the page is shown and gives the previous
 *   title back when it goes; at build time (no `document`) it stays a `<title>` element, which
 *   scripts/prerender.mjs moves to the page's head;
 * - `useSyncExternalStore` reads `getServerSnapshot` while drawing the prerendered page and
 *   while taking its markup over (hydration), then the device's own value: the first HTML is
 *   taken over as it is, and what differs on this device (a wide screen, data saver) is then
 *   drawn anew. (The layer calls `getSnapshot` only, so the build would read `window`, and the
 *   markup kept on hydration could disagree with what the app believes it shows.)
 * - `autoFocus` focuses the element when it is drawn, as React does (the layer only writes the
 *   `autofocus` attribute, which a browser honours once per document, at most).
 */
// @ts-expect-error -- the layer's types are one `export =` namespace; its module has named exports.
export * from 'preact/compat';
export { createRoot };

const onServer = typeof document === 'undefined';
let hydrating = false;

export function hydrateRoot(...args: Parameters<typeof hydrateWithPreact>) {
  hydrating = true;
  try {
    return hydrateWithPreact(...args);
  } finally {
    hydrating = false;
  }
}

export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  // Read again by the layer after the page is drawn: the device's value once hydration is over.
  const read = useCallback(
    () => ((onServer || hydrating) && getServerSnapshot ? getServerSnapshot() : getSnapshot()),
    [getSnapshot, getServerSnapshot],
  );
  return compat.useSyncExternalStore(subscribe, read);
}

/** `import React from 'react'` (some libraries): the same API. */
export default { ...compat, createRoot, hydrateRoot, useSyncExternalStore };

/** A page's `<title>` in the browser: the document's title while it is shown. */
function DocumentTitle({ children }: { children?: unknown }) {
  const text = [children].flat().join('');
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = text;
    return () => {
      document.title = previous;
    };
  }, [text]);
  return null;
}

const isClass = (type: ComponentType) =>
  typeof (type.prototype as { render?: unknown } | undefined)?.render === 'function';

/** The elements already given focus for their `autoFocus`: only when first drawn. */
const autoFocused = new WeakSet<Element>();

/** The element's ref, focusing it first when it is new. */
function focusing(ref: unknown) {
  return (element: HTMLElement | null): void | (() => void) => {
    if (element && !autoFocused.has(element)) {
      autoFocused.add(element);
      element.focus();
    }
    if (typeof ref === 'function')
      return (ref as (element: HTMLElement | null) => void | (() => void))(element);
    if (ref) (ref as { current: unknown }).current = element;
    return undefined;
  };
}

const next = options.vnode;
options.vnode = (vnode: VNode) => {
  const node = vnode as VNode<Record<string, unknown>> & { ref?: unknown };
  if (typeof node.type === 'function' && node.ref != null && !isClass(node.type)) {
    node.props.ref = node.ref;
    node.ref = null;
  } else if (node.type === 'title' && !onServer) {
    node.type = DocumentTitle as ComponentType<Record<string, unknown>>;
  } else if (typeof node.type === 'string' && node.props.autoFocus && !onServer) {
    node.ref = focusing(node.ref);
  }
  next?.(vnode);
};
