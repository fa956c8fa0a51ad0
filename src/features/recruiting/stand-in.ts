// The local stand-in recruiting assistant (RECRUITING_ASSISTANT=local, for `npm start` and the tests):
// a button that opens a small panel of sample answers, marked as a stand-in. Nothing leaves the page.
import { STAND_IN_TEXTS } from './texts.ts';

const PANEL_ID = 'recruiting-assistant-panel';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

export function mountStandIn(slot: HTMLElement): void {
  const open = element('button', 'recruiting__open', STAND_IN_TEXTS.open);
  open.type = 'button';
  open.setAttribute('aria-expanded', 'false');
  open.setAttribute('aria-controls', PANEL_ID);

  const panel = element('section', 'recruiting__panel');
  panel.id = PANEL_ID;
  panel.hidden = true;
  panel.setAttribute('aria-labelledby', `${PANEL_ID}-heading`);
  const heading = element('h2', 'recruiting__heading', STAND_IN_TEXTS.heading);
  heading.id = `${PANEL_ID}-heading`;
  heading.tabIndex = -1;
  const close = element('button', 'recruiting__close', STAND_IN_TEXTS.close);
  close.type = 'button';
  const answers = element('dl', 'recruiting__answers');
  for (const [question, answer] of STAND_IN_TEXTS.answers) {
    answers.append(element('dt', '', question), element('dd', '', answer));
  }
  const contact = element('a', 'recruiting__contact', STAND_IN_TEXTS.contact);
  contact.href = '/help';
  panel.append(heading, element('p', 'recruiting__marker', STAND_IN_TEXTS.marker), answers, contact, close);

  const show = (shown: boolean) => {
    panel.hidden = !shown;
    open.setAttribute('aria-expanded', String(shown));
    (shown ? heading : open).focus();
  };
  open.addEventListener('click', () => show(open.getAttribute('aria-expanded') !== 'true'));
  close.addEventListener('click', () => show(false));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') show(false);
  });
  slot.append(panel, open);
}
