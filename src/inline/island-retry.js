// The island retry, inlined in the <head> of every page with islands (src/layouts/BaseLayout.astro):
// when an island's code fails to load, or takes over 120 seconds, the visitor sees a short message
// with a Retry button where the island is, instead of a dead form (product.md 8, 9). Written to be
// read; the build minifies it (scripts/inline-scripts.mjs) and the pages' CSP hashes the minified text.
(() => {
  /** product.md 9: an island that has not started after this long counts as failed. */
  const TIMEOUT_MS = 120_000;
  const ISLANDS = 'astro-island[ssr]';
  /** The message box of each failed island, kept to be reused on the next failure. */
  const boxes = new Map();
  /** Each island's pending timeout. */
  const timers = new Map();

  const element = (tag, className, text) => {
    const made = document.createElement(tag);
    made.className = className;
    made.textContent = text;
    return made;
  };

  const watch = (island) => {
    clearTimeout(timers.get(island));
    timers.set(
      island,
      setTimeout(() => fail(island, 'timeout'), TIMEOUT_MS),
    );
  };

  const fail = (island, reason) => {
    if (!island.hasAttribute('ssr')) return; // it started after all
    clearTimeout(timers.get(island));
    let name = 'island';
    try {
      name = JSON.parse(island.getAttribute('opts')).name;
    } catch (_error) {}
    // product.md 8's 'Loading chunk {id} failed', with the reason (src/components/lazy/LazyPart.tsx says it too).
    const detail = `Loading chunk ${name} failed.\n(${reason}: ${island.getAttribute('component-url')})`;
    console.error(Object.assign(new Error(detail), { name: 'ChunkLoadError' }));
    let box = boxes.get(island);
    if (!box) {
      box = element('div', 'island-error');
      box.setAttribute('role', 'alert');
      const retry = element('button', 'button', 'Retry');
      retry.type = 'button';
      retry.addEventListener('click', () => {
        if (box.retrying) return;
        box.retrying = true;
        for (const form of island.querySelectorAll('form')) form.reset();
        // A new address, so the browser asks again rather than answering from its failed attempt.
        const url = new URL(island.getAttribute('component-url'), location.href);
        url.searchParams.set('retry', Date.now());
        island.setAttribute('component-url', url.pathname + url.search);
        watch(island);
        island.start();
      });
      box.append(
        element('p', '', "This part of the page didn't load. Check your connection, then try again."),
        element('p', 'island-error__detail'),
        retry,
      );
      island.before(box);
      boxes.set(island, box);
    }
    island.inert = true; // its server-rendered form cannot work without its code
    box.retrying = false;
    box.children[1].textContent = detail;
  };

  addEventListener('astro:hydration-error', (event) => {
    event.preventDefault();
    fail(event.target, 'error');
  });

  addEventListener(
    'astro:hydrate',
    (event) => {
      const island = event.target;
      const box = boxes.get(island);
      clearTimeout(timers.get(island));
      if (!box) return;
      island.inert = false;
      const hadFocus = box.contains(document.activeElement);
      box.remove();
      boxes.delete(island);
      if (hadFocus) island.querySelector('input,select,textarea,button')?.focus();
    },
    true,
  );

  // A form whose island has not started must not be sent the browser's way (a GET with its fields
  // in the address); forms with their own action are plain HTML forms and go.
  addEventListener(
    'submit',
    (event) => {
      const island = event.target.closest(ISLANDS);
      if (island && !event.target.hasAttribute('action')) event.preventDefault();
    },
    true,
  );

  // Islands that load when seen or on a media query may wait for ever, rightly; the others not.
  setTimeout(() => {
    for (const island of document.querySelectorAll(ISLANDS)) {
      if (!/visible|media/.test(island.getAttribute('client'))) fail(island, 'timeout');
    }
  }, TIMEOUT_MS);
})();
