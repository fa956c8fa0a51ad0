// The public forms' minimum time on the page (src/lib/form-rules.ts MIN_DWELL_MS): the server refuses
// a form sent sooner after its ticket was issued, and the browser shows 'Please review...' first.
// The rule runs on the server's own clock, which Playwright's page clock cannot move, so a test that
// submits for real waits it out: one helper, from the shared constant, called once the form's
// ticket is there (after the page has loaded). The system tests, which send forms over plain HTTP,
// wait it out here too (`waitOutDwellAfterTicket`).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import { MIN_DWELL_MS } from '../../src/lib/form-rules.ts';

/** Past the dwell by this much: the browser starts its clock a moment after the server issues. */
const MARGIN_MS = 250;

/** Waits until a form loaded before this call may be sent. */
export async function waitOutDwell(page: Page): Promise<void> {
  await page.waitForTimeout(MIN_DWELL_MS + MARGIN_MS);
}

/** Waits until a form whose ticket was fetched before this call may be sent (no browser). */
export async function waitOutDwellAfterTicket(): Promise<void> {
  await sleep(MIN_DWELL_MS + MARGIN_MS);
}
