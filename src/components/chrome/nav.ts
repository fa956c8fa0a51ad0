// Header menus as a disclosure navigation (WAI-ARIA APG pattern): each menu is a button with
// aria-expanded that shows or hides its list of links; CSS shows a list whose button is expanded.
// One menu at a time; Escape closes the open menu and returns focus to its button; a click
// outside closes it. On phones a Menu toggle shows the panel in which the menus are an accordion.
const DESKTOP = '(min-width: 60em)';

const isOpen = (button: Element | null | undefined): boolean =>
  button?.getAttribute('aria-expanded') === 'true';
const setOpen = (button: Element, open: boolean): void => button.setAttribute('aria-expanded', String(open));

export function initNav(nav: HTMLElement): void {
  const toggle = nav.querySelector<HTMLButtonElement>('[data-nav-toggle]');
  const buttons = [...nav.querySelectorAll<HTMLButtonElement>('[data-menu-button]')];
  const desktop = window.matchMedia(DESKTOP);
  const openButton = () => buttons.find(isOpen);
  const closeMenus = (except?: Element) => {
    for (const button of buttons) if (button !== except) setOpen(button, false);
  };
  const closeAll = () => {
    closeMenus();
    if (toggle) setOpen(toggle, false);
  };

  for (const button of buttons) {
    button.addEventListener('click', () => {
      const open = !isOpen(button);
      closeMenus(button);
      setOpen(button, open);
    });
  }
  toggle?.addEventListener('click', () => {
    const open = !isOpen(toggle);
    if (!open) closeMenus();
    setOpen(toggle, open);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const button = openButton();
    const target = button ?? (toggle && isOpen(toggle) ? toggle : undefined);
    if (!target) return;
    setOpen(target, false);
    if (target === toggle) closeMenus();
    target.focus();
  });
  document.addEventListener('click', (event) => {
    if (!nav.contains(event.target as Node)) closeAll();
  });
  // A desktop dropdown closes once keyboard focus has left it, so it never hides the page behind.
  nav.addEventListener('focusout', (event) => {
    const button = openButton();
    const next = event.relatedTarget as Node | null;
    if (desktop.matches && button && next && !button.parentElement?.contains(next)) setOpen(button, false);
  });
  desktop.addEventListener('change', closeAll);
  // From here on the script drives the menus; the no-JS focus fallback in the CSS steps aside.
  nav.classList.add('is-ready');
}
