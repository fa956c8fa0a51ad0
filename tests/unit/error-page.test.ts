// The router-level fallback (product.md 2.1): 500.astro renders the heading and the error's message.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it, vi } from 'vitest';
import ErrorPage from '../../src/pages/500.astro';

// Vitest has no content layer (astro:content answers nothing there): the chrome's navigation is read
// from its file through the build's own schema instead.
vi.mock('../../src/components/chrome/load-navigation', async () => {
  const { readFileSync } = await import('node:fs');
  const { parse } = await import('yaml');
  const { navigationSchema } = await import('../../src/content-schemas.ts');
  const { navigationFrom } = await import('../../src/components/chrome/navigation.ts');
  const data = navigationSchema.parse(parse(readFileSync('content/navigation.yaml', 'utf8')));
  return { loadNavigation: async () => navigationFrom(data) };
});

// The layout builds the canonical link from `site`, which the container does not read from astro.config.
const create = () => AstroContainer.create({ astroConfig: { site: 'http://localhost:4321' } });

describe('500 page', () => {
  it("shows 'Unexpected Application Error!' and the error message", async () => {
    const container = await create();
    const html = await container.renderToString(ErrorPage, { props: { error: new Error('Boom') } });
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Boom');
  });

  it('shows a message for an error that is not an Error object', async () => {
    const container = await create();
    const html = await container.renderToString(ErrorPage, { props: { error: 'Disk full' } });
    expect(html).toContain('Disk full');
  });
});
