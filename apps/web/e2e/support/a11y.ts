import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is now (once no
 * toast is moving) and fails on any serious or critical violation, listing each one with its
 * elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  // A toast that is still sliding in (or out, until it is removed) is half transparent, and so is
  // a list while it fetches (aria-busy) and for the moment its opacity takes to come back: colours
  // are measured once nothing is busy or moving (endless animations, a spinner's, aside), as a
  // reader sees them, and has stayed so for longer than a filter's pause before it fetches
  // (300 ms): a filter just typed has not yet made its list busy.
  await page.evaluate(() => {
    (window as { a11yQuietSince?: number }).a11yQuietSince = undefined;
  });
  await page
    .waitForFunction(
      () => {
        const quiet =
          !document.querySelector(
            '[aria-busy="true"], [class*="Toastify__bounce-enter"], [class*="Toastify__bounce-exit"]',
          ) &&
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' ||
                animation.effect?.getTiming().iterations === Infinity,
            );
        const state = window as { a11yQuietSince?: number };
        if (!quiet) {
          state.a11yQuietSince = undefined;
          return false;
        }
        state.a11yQuietSince ??= performance.now();
        return performance.now() - state.a11yQuietSince >= 400;
      },
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
    )
    .join('\n');
  expect(serious, `accessibility of ${label}:\n${report}`).toEqual([]);
}
