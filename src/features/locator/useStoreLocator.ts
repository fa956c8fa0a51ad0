// The store locator's state, effects and handlers (product.md 2.9, 4, 5.5), apart from its markup
// (StoreLocator.tsx): search on Enter or blur, current location, filters, the list nearest first, the
// selected store and the map's view. Search text and filters live in the URL (shareable; the back
// button works).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAfterLoad, useWhenNear } from '../../components/lazy/useWhenNear.ts';
import { fromAddress } from './geocode.ts';
import { currentLocation } from './geolocation.ts';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  type LatLng,
  type PlacedStore,
  position,
  type StoreItem,
} from './locator.ts';
import { toggled } from './results.ts';
import { listFor, readUrlState, type UrlState, writeUrlState, zoomFor } from './search.ts';
import { registerLocatorWorker, useStoreList } from './useStoreList.ts';

/** What the server rendered the page with: its list, the URL's search and the origin it sorted from. */
export interface LocatorStart {
  initial: PlacedStore[];
  initialState: UrlState;
  initialOrigin: LatLng;
}

export function useStoreLocator({ initial, initialState, initialOrigin }: LocatorStart) {
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

  /** Runs a search (product.md 5.5): local matches, else the geocoded place, else the map centre. */
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
        // product.md 8: logged; the list re-sorted by distance from the current map centre, filters applied.
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

  // product.md 4 asks for the location on load; we do so only where the visitor already allowed it, so a
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
    const next = toggled(filters, label);
    setFilters(next);
    pushUrl({ q: query, filters: next });
  };

  /** product.md 4: position, centre and list follow the visitor; a failure alerts (unless asked quietly on load). */
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

  const toggleFiltersOpen = () => setFiltersOpen((open) => !open);
  const close = () => setSelected(null);

  return {
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
  };
}
