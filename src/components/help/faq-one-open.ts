// The FAQ keeps one question open (product.md 2.7) through <details name="faq">, which the browser makes
// exclusive itself (Chrome 120, Firefox 130, Safari 17.2). Older browsers ignore the name and would let
// every question stay open: only there, opening one closes the others of its group.

/** True when the browser closes the other <details> of a name group by itself. */
export const supportsExclusiveDetails = (): boolean =>
  typeof HTMLDetailsElement !== 'undefined' && 'name' in HTMLDetailsElement.prototype;

/** Groups are read once, when the page starts: the FAQ's questions do not change afterwards. */
export function keepOneOpen(root: ParentNode = document): void {
  if (supportsExclusiveDetails()) return;
  const groups = new Map<string, HTMLDetailsElement[]>();
  for (const item of root.querySelectorAll<HTMLDetailsElement>('details[name]')) {
    const name = item.getAttribute('name') ?? '';
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  for (const group of groups.values())
    for (const item of group)
      item.addEventListener('toggle', () => {
        if (!item.open) return;
        for (const other of group) if (other !== item && other.open) other.open = false;
      });
}
