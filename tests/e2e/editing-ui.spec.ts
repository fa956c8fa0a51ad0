// The editing UI (Keystatic, local mode in `astro dev`) edits a content page: the file it saves
// passes the build's schema, the page shows the change, and a build of the saved content succeeds
// and shows it too. Runs in a temporary copy of the project: playwright.editing.config.ts.
// SAVE_EDITING_UI_SCREENSHOT=1 also writes the screenshot the docs show (docs/editing-ui.png).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { contentMistakes } from '../../scripts/content-checks/content-files.ts';

const copyDir = process.env.EDITING_COPY_DIR ?? '';
const pageFile = join(copyDir, 'content/pages/rewards.mdx');
const sentence = 'Members now also save on car washes.';
const description =
  'Join Kwik Fill Rewards for member offers and car wash savings, and save more per gallon.';

test('an editor changes a page in the editing UI, and the saved file builds and shows the change', async ({
  page,
}, testInfo) => {
  expect(copyDir, 'EDITING_COPY_DIR is set by playwright.editing.config.ts').not.toBe('');
  await page.goto('/keystatic/collection/pages/item/rewards');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible({ timeout: 120_000 });

  // The page's text: a sentence at the end of the first paragraph.
  const editor = page.locator('[contenteditable="true"]').first();
  await editor.getByText('Show your rewards card at the register and it adds up.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${sentence}`);
  // A frontmatter field, with the brand placeholder the build fills in.
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill(description.replace('Kwik Fill', '{brand}'));

  const shot = await page.screenshot();
  await testInfo.attach('editing-ui', { body: shot, contentType: 'image/png' });
  if (process.env.SAVE_EDITING_UI_SCREENSHOT) await page.screenshot({ path: 'docs/editing-ui.png' });

  const resetChanges = page.getByRole('button', { name: 'Reset changes' });
  await expect(resetChanges).toBeEnabled(); // the editor knows of unsaved changes
  await save.click();
  await expect.poll(() => readFileSync(pageFile, 'utf8'), { timeout: 30_000 }).toContain(sentence);
  // Saved as far as the editor knows too, before the page is left. In one CI run the way to the page
  // right after the save was aborted, and the next one resolved while the browser was still on the
  // editor, whose text has the sentence too: hence also the address check below.
  await expect(resetChanges).toBeDisabled({ timeout: 30_000 });
  const saved = readFileSync(pageFile, 'utf8');
  expect(saved).toContain('description: ');
  expect(saved).toContain('{brand} Rewards for member offers and car wash savings');

  // The build's schema, with file and line for any mistake.
  expect(contentMistakes(join(copyDir, 'content'))).toEqual([]);

  // The dev server shows the page's new text once it has reloaded the file.
  await expect(async () => {
    await page.goto('/rewards');
    // On the page itself, not still on the editor.
    await expect(page).toHaveURL((url) => url.pathname === '/rewards', { timeout: 2_000 });
    await expect(page.getByText(sentence)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByText('Kwik Fill Rewards is our thank-you')).toBeVisible();

  // A production build of the saved content succeeds and shows the change.
  const dist = join(copyDir, 'dist-editing-test');
  execFileSync(join(copyDir, 'node_modules/.bin/astro'), ['build'], {
    cwd: copyDir,
    env: { ...process.env, DIST_DIR: dist, ASTRO_CACHE_DIR: join(copyDir, '.astro-build-cache') },
    stdio: 'pipe',
  });
  const built = readFileSync(join(dist, 'client/rewards/index.html'), 'utf8');
  expect(built).toContain(sentence);
  expect(built).toContain('Kwik Fill Rewards is our thank-you');
  expect(built).toContain(`<meta name="description" content="${description}"`);
});
