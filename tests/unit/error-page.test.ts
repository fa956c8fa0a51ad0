// The router-level fallback (SPEC 2.1): 500.astro renders the heading and the error's message.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ErrorPage from '../../src/pages/500.astro';

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
