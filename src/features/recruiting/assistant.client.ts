// The recruiting assistant on /careers (product.md 2.1), started once the page is usable (after its
// load, when the browser is idle), so it never competes with the page's own bytes. The build's real
// assistant (PUBLIC_RECRUITING_SCRIPT_URL, allowed by this page's CSP alone) is added as a script;
// without it the server is asked whether its local stand-in is on (RECRUITING_ASSISTANT=local).

/** Runs `task` after the page's load event, once the browser is idle. */
export function afterUsable(win: Window, task: () => void): void {
  const idle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => task());
    else win.setTimeout(task, 0);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/** The configured assistant's script, added to the page. */
export function addScript(doc: Document, src: string): HTMLScriptElement {
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  doc.head.append(script);
  return script;
}

async function standInAsked(): Promise<boolean> {
  const { publicApi, read } = await import('../../lib/api-client.ts');
  const answer = await read(publicApi['recruiting-assistant'].config.$get());
  return answer.stand_in;
}

export function startRecruitingAssistant(slot: HTMLElement): void {
  afterUsable(window, () => {
    const src = slot.dataset.src;
    if (src) {
      addScript(document, src);
      return;
    }
    standInAsked()
      .then(async (on) => {
        if (!on) return;
        const { mountStandIn } = await import('./stand-in.ts');
        mountStandIn(slot);
      })
      // The page itself says how to apply: an assistant that does not come is no failure.
      .catch((error: unknown) => console.info('Recruiting assistant not loaded.', error));
  });
}
