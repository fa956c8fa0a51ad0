// The locator map (product.md 2.9), loaded only after the list is on screen: maplibre-gl through
// react-map-gl, green store markers titled with the store number, a black marker for the visitor.
// Markers are buttons, so they are reachable by keyboard and named for screen readers.
import './map.css';
import * as maplibregl from 'maplibre-gl';
// As a URL, not an import: imported CSS would be hoisted into the page's head and block the list.
import maplibreCss from 'maplibre-gl/dist/maplibre-gl.css?url';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import MapView, { type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { chooseStyle } from './basemap.ts';
import { type LatLng, position, type StoreItem } from './locator.ts';

// The worker is served from our own origin (CSP: no blob: workers needed).
maplibregl.setWorkerUrl(new URL(workerUrl, window.location.href).href);
if (!document.querySelector(`link[href="${maplibreCss}"]`)) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = maplibreCss;
  document.head.append(link);
}

interface Props {
  stores: StoreItem[];
  center: LatLng;
  zoom: number;
  user?: LatLng;
  onSelect?: (store: StoreItem, trigger: HTMLElement) => void;
  /** Smaller, for a store page. */
  compact?: boolean;
  /** A PMTiles extract on this site to draw streets from (PUBLIC_MAP_PMTILES_URL). */
  tiles?: string | undefined;
}

export default function StoreMap({ stores, center, zoom, user, onSelect, compact, tiles }: Props) {
  const map = useRef<MapRef>(null);
  const [style, setStyle] = useState<Awaited<ReturnType<typeof chooseStyle>>>();
  useEffect(() => {
    chooseStyle(window.location.origin, { tiles }).then(setStyle);
  }, [tiles]);
  useEffect(() => {
    map.current?.easeTo({ center: [center.lng, center.lat], zoom, duration: 600 });
  }, [center, zoom]);

  return (
    <section
      className={compact ? 'store-map store-map--compact' : 'store-map'}
      aria-label="Map of stores"
      data-ready={style ? 'true' : 'false'}
    >
      {style && (
        <MapView
          ref={map}
          mapLib={maplibregl}
          initialViewState={{ longitude: center.lng, latitude: center.lat, zoom }}
          minZoom={3}
          mapStyle={style}
          attributionControl={{ compact: true }}
          onLoad={(event) => event.target.getContainer().setAttribute('data-loaded', 'true')}
        >
          <NavigationControl showCompass={false} />
          {stores.map((store) => {
            const at = position(store);
            return (
              <Marker key={store.data.sId} longitude={at.lng} latitude={at.lat} anchor="bottom">
                <button
                  type="button"
                  className="map-marker map-marker--store"
                  title={store.data.sStoreNumber}
                  aria-label={`Store #${store.data.sStoreNumber}, ${store.data.sCity}, ${store.data.sState}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect?.(store, event.currentTarget);
                  }}
                />
              </Marker>
            );
          })}
          {user && (
            <Marker longitude={user.lng} latitude={user.lat} anchor="center">
              <span
                className="map-marker map-marker--user"
                role="img"
                aria-label="Your location"
                title="Your location"
              />
            </Marker>
          )}
        </MapView>
      )}
    </section>
  );
}
