// Filters the /specials grid in place (product.md 4): a pill click shows only its category's offers (All
// shows every one), marks the pill, puts the choice in the address (?category=) and says so when a
// category is empty. Without this script each pill is a plain link the server filters.
import { OFFERS_QUERY } from '../../lib/routes.ts';
import { categoryFromSlug, type OfferCategory, slugOf } from './offers.ts';

export function applyFilter(root: HTMLElement, category: OfferCategory | undefined): void {
  const cards = [...root.querySelectorAll<HTMLElement>('.offer')];
  let visible = 0;
  for (const card of cards) {
    card.hidden = !!category && card.dataset.category !== category;
    if (!card.hidden) visible++;
  }
  for (const pill of root.querySelectorAll<HTMLAnchorElement>('.offers__pill')) {
    if ((pill.dataset.category ?? '') === (category ?? '')) pill.setAttribute('aria-current', 'true');
    else pill.removeAttribute('aria-current');
  }
  const empty = root.querySelector<HTMLElement>('.offers__empty');
  if (empty)
    empty.textContent =
      visible > 0 ? '' : ((category ? empty.dataset.emptyCategory : empty.dataset.emptyAll) ?? '');
}

export function initOffersFilter(doc: Document = document): void {
  const root = doc.querySelector<HTMLElement>('[data-offers]');
  if (!root) return;
  root.addEventListener('click', (event) => {
    const pill = (event.target as Element).closest<HTMLAnchorElement>('.offers__pill');
    if (!pill || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    const category = (pill.dataset.category || undefined) as OfferCategory | undefined;
    applyFilter(root, category);
    const url = new URL(location.href);
    if (category) url.searchParams.set(OFFERS_QUERY.category, slugOf(category));
    else url.searchParams.delete(OFFERS_QUERY.category);
    history.pushState({ category: category ?? '' }, '', url);
  });
  // Back and forward move between the pills chosen before.
  addEventListener('popstate', () => {
    applyFilter(root, categoryFromSlug(new URL(location.href).searchParams.get(OFFERS_QUERY.category)));
  });
}
