// The accessibility scan of every browser test: axe-core with the WCAG 2.2 AA rules. A scan takes
// seconds, many more on a busy 2-core machine, so each scan adds its own time to the running test's
// timeout instead of racing the 30 s a test gets (two scans timed out that way under load).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AXE_TAGS } from '../support/axe-rules.ts';

/** What one scan may take, added to the test's timeout. */
const SCAN_TIME = 60_000;

/** Scans the page (or only the part `include` selects) and lists any violation with its elements. */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  // Not in Firefox over WebDriver BiDi: there a scan at times loses the page ("Execution context was
  // destroyed" with no navigation; the next step finds it closed or its navigation aborted), a fault of
  // the driver, not of the page (docs/decisions/0017-browser-engines.md). Chromium scans every page, and the
  // WebKit journeys (tests/webkit) run the same rules with axe-core injected over WebDriver.
  if (test.info().project.name === 'firefox') {
    test.info().annotations.push({ type: 'axe', description: 'not run in Firefox (decision 0017)' });
    return;
  }
  test.info().setTimeout(test.info().timeout + SCAN_TIME);
  const violations = await scan(page, include);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function scan(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder.include(include);
  return (await builder.analyze()).violations;
}
