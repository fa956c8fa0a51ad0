// Markup of the React widget in both modes (vitest picks up *.test.ts only, hence createElement).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

const render = async () => {
  vi.resetModules();
  const { default: HumanCheck } = await import('./HumanCheck');
  return renderToStaticMarkup(createElement(HumanCheck, { action: 'register', onToken: () => {} }));
};
afterEach(() => vi.unstubAllEnvs());

describe('HumanCheck (React)', () => {
  it('without a site key: the local stand-in, a labelled checkbox that says it is a stand-in', async () => {
    vi.stubEnv('PUBLIC_TURNSTILE_SITE_KEY', '');
    const html = await render();
    expect(html).toMatch(
      /<label class="human-check__box"><input type="checkbox"[^>]*aria-describedby="[^"]+"[^>]*\/>I am not a robot<\/label>/,
    );
    expect(html).toContain('Stand-in security check for development');
    expect(html).toContain('role="status"');
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('human-check__turnstile');
  });

  it('with a site key: a container for the Turnstile widget and no stand-in', async () => {
    vi.stubEnv('PUBLIC_TURNSTILE_SITE_KEY', '1x00000000000000000000AA');
    const html = await render();
    expect(html).toContain('class="human-check__turnstile"');
    expect(html).not.toContain('I am not a robot');
  });
});
