import type { AppContext } from './lib/context';

/**
 * Work done once at start, after the first admin exists (the demo catalogue, when configured).
 */
export async function runStartupTasks(_ctx: AppContext): Promise<void> {
  // The demo catalogue is added with the content API.
}
