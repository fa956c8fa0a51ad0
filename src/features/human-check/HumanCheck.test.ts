// Markup of both widgets (vitest picks up *.test.ts only, hence createElement). The build no longer
// decides the mode: every part is there, hidden, until mount.ts hears from the server.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HumanCheck from './HumanCheck.tsx';
import HumanCheckMarkup from './HumanCheckMarkup.tsx';

const island = () =>
  renderToStaticMarkup(createElement(HumanCheck, { action: 'register', onToken: () => {} }));

describe('human check markup', () => {
  it('the island holds every part hidden: stand-in checkbox (labelled), Turnstile slot, notice', () => {
    const html = island();
    expect(html).toMatch(
      /<label class="human-check__box"><input type="checkbox"[^>]*aria-describedby="[^"]+"[^>]*\/>I am not a robot<\/label>/,
    );
    expect(html).toMatch(/<div class="human-check__local" data-local="" hidden="">/);
    expect(html).toContain('Stand-in security check for development');
    expect(html).toMatch(/<div class="human-check__turnstile" data-slot="" hidden="">/);
    expect(html).toContain(
      '<p class="human-check__unavailable" data-unavailable="" hidden="">The security check is unavailable right now. Please try again later.</p>',
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('<input type="hidden" name="human_check_token" value=""/>');
  });

  it('only plain forms carry data-human-check (islands mount their own widget)', () => {
    expect(island()).not.toContain('data-human-check');
    const plain = renderToStaticMarkup(
      createElement(HumanCheckMarkup, { action: 'contact', noteId: 'note-contact', plain: true }),
    );
    expect(plain).toMatch(/^<div class="human-check" data-human-check="" data-action="contact">/);
    expect(plain).toContain('aria-describedby="note-contact"');
    expect(plain).toContain('<p id="note-contact"');
  });
});
