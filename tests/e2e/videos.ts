// Videos play or show a poster (product.md 2.5, 2.8): never a player that leads nowhere.
import { type APIRequestContext, expect, type Locator } from '@playwright/test';

/**
 * The video in `region` is either a self-hosted clip that really plays (its file answers a byte range
 * with 206, as browsers ask for it) or its poster with its title and no player at all.
 */
export async function expectPlayableOrPoster(region: Locator, title: string, request: APIRequestContext) {
  const clip = region.locator('video');
  if ((await clip.count()) > 0) {
    const src = await clip.locator('source').first().getAttribute('src');
    expect(src).toMatch(/^\/media\/.+\.mp4$/);
    const answer = await request.get(src ?? '', { headers: { Range: 'bytes=0-99' } });
    expect(answer.status()).toBe(206);
    expect(answer.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    await clip.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await expect.poll(() => clip.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
    return 'clip';
  }
  await expect(region.locator('img')).toBeVisible();
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.locator('iframe')).toHaveCount(0);
  await expect(region.getByRole('button', { name: /Play video/ })).toHaveCount(0);
  await expect(region.getByRole('link', { name: /Play video/ })).toHaveCount(0);
  return 'poster';
}
