/**
 * The sentences of the catalogue that the public pages do not draw. As written, none: `messages`
 * is the whole catalogue (in development, the tests and the prerender). The client build
 * (build/catalogue-split.ts) moves those sentences from `messages` to this module, which puts
 * them back when it runs, and makes every module that reads one of them import this one first.
 */
export {};
