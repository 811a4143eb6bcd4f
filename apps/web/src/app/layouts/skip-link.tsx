import { messages } from '@ishuri/contract';

/** The first focusable element of every layout: jumps over the navigation to `#main`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {messages.skipToContent}
    </a>
  );
}
