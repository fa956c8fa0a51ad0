// The small map of a store page (/stores/{number}): the map code is fetched only after the page has
// loaded, so the address, hours and prices never wait for it.
import './map.css';
import { type ComponentProps, lazy, Suspense } from 'react';
import type StoreMapType from './StoreMap';
import { useAfterLoad } from './useAfterLoad';

const StoreMap = lazy(() => import('./StoreMap'));

export default function StorePageMap(props: ComponentProps<typeof StoreMapType>) {
  const loaded = useAfterLoad();
  return loaded ? (
    <Suspense fallback={<div className="store-map store-map--compact" />}>
      <StoreMap {...props} />
    </Suspense>
  ) : (
    <div className="store-map store-map--compact" />
  );
}
