// The store locator island (SPEC 2.9, 4, 5.5): search on Enter or blur, current location, filters,
// the list nearest first, the detail modal, and the map loaded after the list. Search text and
// filters live in the URL (shareable; the back button works). The server renders the same list
// first, so the page reads before this runs.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LazyPart } from '../../components/lazy/LazyPart';
import { useAfterLoad, useWhenNear } from '../../components/lazy/useWhenNear';
import { FiltersPanel } from './FiltersPanel';
import { fromAddress } from './geocode';
import { currentLocation } from './geolocation';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type LatLng,
  type PlacedStore,
  position,
  type StoreItem,
} from './locator';
import { StoreList } from './StoreList';
import { StoreModal } from './StoreModal';
import { listFor, readUrlState, type UrlState, writeUrlState, zoomFor } from './search';
import { registerLocatorWorker, useStoreList } from './useStoreList';
import './locator.css';

/** The map's code, fetched after the list (and fetched again by Retry when a weak signal dropped it). */
const loadMap = () => import('./StoreMap');
/** List entries shown at once (the map shows every match). */
const SHOWN = 50;

interface Props {
  initial: PlacedStore[];
  initialState: UrlState;
  initialOrigin: LatLng;
  sample: boolean;
}

const fetchedText = (at: number) =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function StoreLocator({ initial, initialState, initialOrigin, sample }: Props) {
  const { stores: all, offlineSince, failed } = useStoreList();
  const [text, setText] = useState(initialState.q);
  const [query, setQuery] = useState(initialState.q);
  const [filters, setFilters] = useState<string[]>(initialState.filters);
  const [filtersOpen, setFiltersOpen] = useState(initialState.filters.length > 0);
  const [origin, setOrigin] = useState<LatLng>(initialOrigin);
  const [user, setUser] = useState<LatLng>(DEFAULT_CENTER);
  const [view, setView] = useState({ center: initialOrigin, zoom: DEFAULT_ZOOM });
  const [selected, setSelected] = useState<{ store: StoreItem; trigger: HTMLElement | null } | null>(null);
  const [status, setStatus] = useState('');

  const list = useMemo(
    () => (all ? listFor(all, query, filters, origin).stores : initial),
    [all, query, filters, origin, initial],
  );

  /** Runs a search (SPEC 5.5): local matches, else the geocoded place, else the map centre. */
  const search = useCallback(
    async (raw: string, selectedFilters: string[], stores: StoreItem[] | null) => {
      setQuery(raw);
      if (!stores) return;
      const from = raw.trim() === '' ? user : undefined;
      const local = listFor(stores, raw, selectedFilters, from ?? user);
      if (local.matched) {
        const target = raw.trim() && local.stores[0] ? position(local.stores[0]) : (from ?? user);
        setOrigin(from ?? user);
        setView({
          center: target,
          zoom: zoomFor(listFor(stores, '', selectedFilters, target).stores[0]?.distance),
        });
        setStatus(`${local.stores.length} stores found.`);
        return;
      }
      try {
        const place = await fromAddress(raw.trim());
        const sorted = listFor(stores, raw, selectedFilters, place).stores;
        setOrigin(place);
        setView({ center: place, zoom: zoomFor(sorted[0]?.distance) });
        setStatus(`Stores nearest ${raw.trim()}.`);
      } catch (error) {
        // SPEC 8: logged; the list re-sorted by distance from the current map centre, filters applied.
        console.error('[locator] geocoding failed:', (error as Error).message);
        setOrigin(view.center);
        setStatus(`No place called ${raw.trim()} was found; stores nearest the map centre.`);
      }
    },
    [user, view.center],
  );

  // The full list arrived: apply what the URL asks for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per list load
  useEffect(() => {
    if (all && query.trim()) void search(query, filters, all);
  }, [all]);

  useEffect(() => {
    const onPop = () => {
      const state = readUrlState(window.location.search);
      setText(state.q);
      setFilters(state.filters);
      void search(state.q, state.filters, all);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [all, search]);

  // SPEC 4 asks for the location on load; we do so only where the visitor already allowed it, so a
  // first visit is not met by a permission prompt before the list (the link asks explicitly).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the full list is there
  useEffect(() => {
    if (!all || initialState.q) return;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((permission) => {
        if (permission.state === 'granted') void locate(true);
      })
      .catch(() => undefined);
  }, [all]);

  // Offline support only after the list is on screen and the page has loaded; the map then too, once
  // its place is on screen or near it (below the list on a phone: useWhenNear).
  const loaded = useAfterLoad();
  useEffect(() => {
    if (loaded) registerLocatorWorker();
  }, [loaded]);
  const mapBox = useRef<HTMLDivElement>(null);
  const showMap = useWhenNear(mapBox);

  const pushUrl = (state: UrlState) => {
    const url = `${window.location.pathname}${writeUrlState(state)}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.pushState(null, '', url);
  };

  const submit = (raw: string) => {
    pushUrl({ q: raw, filters });
    void search(raw, filters, all);
  };

  const toggleFilter = (label: string) => {
    const next = filters.includes(label) ? filters.filter((f) => f !== label) : [...filters, label];
    setFilters(next);
    pushUrl({ q: query, filters: next });
  };

  /** SPEC 4: position, centre and list follow the visitor; a failure alerts (unless asked quietly on load). */
  const locate = async (quiet = false) => {
    const result = await currentLocation();
    if (!result.ok) {
      if (!quiet) window.alert(result.message);
      return;
    }
    setUser(result.position);
    setOrigin(result.position);
    setQuery('');
    setText('');
    pushUrl({ q: '', filters });
    const nearest = all ? listFor(all, '', filters, result.position).stores[0] : undefined;
    setView({ center: result.position, zoom: zoomFor(nearest?.distance) });
    setStatus('Stores nearest your location.');
  };

  const select = (store: StoreItem, trigger: HTMLElement | null) => {
    setView((v) => ({ center: position(store), zoom: v.zoom }));
    setSelected({ store, trigger });
  };

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
            onToggleOpen={() => setFiltersOpen((o) => !o)}
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
          {all && (
            <p className="locator__count">
              {list.length > SHOWN
                ? `The ${SHOWN} nearest of ${list.length} stores`
                : `${list.length} ${list.length === 1 ? 'store' : 'stores'}`}
            </p>
          )}
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
              }}
            />
          )}
        </div>
      </div>
      <StoreModal
        store={selected?.store ?? null}
        returnFocus={selected?.trigger ?? null}
        onClose={() => setSelected(null)}
      />
    </div>
  );
}
