// The store locator island (product.md 2.9, 4, 5.5): the search form, filters, the list nearest first, the
// detail modal, and the map loaded after the list. Its state and behaviour are useStoreLocator.ts;
// this file is the markup. The server renders the same list first, so the page reads before this runs.
import { LazyPart } from '../../components/lazy/LazyPart.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';
import type { PlacedStore } from './locator.ts';
import { countText, fetchedText, SHOWN } from './results.ts';
import { StoreList } from './StoreList.tsx';
import { StoreModal } from './StoreModal.tsx';
import { type LocatorStart, useStoreLocator } from './useStoreLocator.ts';
import './locator.css';

/** The map's code, fetched after the list (and fetched again by Retry when a weak signal dropped it). */
const loadMap = () => import('./StoreMap.tsx');

interface Props extends LocatorStart {
  sample: boolean;
  /** The street basemap's PMTiles extract on this site, when one is set. */
  tiles?: string | undefined;
}

export default function StoreLocator({ sample, tiles, ...start }: Props) {
  const {
    all,
    offlineSince,
    failed,
    text,
    setText,
    query,
    filters,
    filtersOpen,
    toggleFiltersOpen,
    list,
    user,
    view,
    selected,
    status,
    mapBox,
    showMap,
    submit,
    toggleFilter,
    locate,
    select,
    close,
  } = useStoreLocator(start);
  const initial: PlacedStore[] = start.initial;

  return (
    <div className="locator">
      <search>
        <form
          className="locator__search"
          method="get"
          action="/stores"
          onSubmit={(event) => {
            event.preventDefault();
            submit(text);
          }}
        >
          <label htmlFor="store-search">City, state or ZIP code</label>
          <div className="locator__row">
            <input
              id="store-search"
              name="q"
              type="search"
              value={text}
              autoComplete="address-level2"
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => {
                if (text.trim() !== '' && text !== query) submit(text);
              }}
            />
            <button type="submit" className="button">
              Search
            </button>
          </div>
          <button type="button" className="locator__locate" onClick={() => locate()}>
            Use my current location
          </button>
          <FiltersPanel
            open={filtersOpen}
            selected={filters}
            onToggleOpen={toggleFiltersOpen}
            onToggle={toggleFilter}
          />
        </form>
      </search>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {sample && (
        <p className="locator__note">
          These are sample stores for demonstration, not the chain's real locations.
        </p>
      )}
      {offlineSince !== null && (
        <p className="locator__note" role="note">
          You are offline. This store list was last updated {fetchedText(offlineSince)}; prices may have
          changed.
        </p>
      )}
      {failed && !all && (
        <p className="locator__note">
          The full store list could not load; these are the stores nearest the default location.
        </p>
      )}
      <div className="locator__body">
        <section className="locator__results" aria-labelledby="results-heading">
          <h2 id="results-heading">Stores near you</h2>
          {all && <p className="locator__count">{countText(list.length)}</p>}
          <StoreList stores={all ? list.slice(0, SHOWN) : list} onSelect={select} />
        </section>
        <div className="locator__map" ref={mapBox}>
          {showMap && (
            <LazyPart
              name="StoreMap"
              load={loadMap}
              fallback={<div className="store-map" />}
              props={{
                stores: all ? list : initial,
                center: view.center,
                zoom: view.zoom,
                user,
                onSelect: select,
                tiles,
              }}
            />
          )}
        </div>
      </div>
      <StoreModal store={selected?.store ?? null} returnFocus={selected?.trigger ?? null} onClose={close} />
    </div>
  );
}
