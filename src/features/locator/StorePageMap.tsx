// The small map of a store page (/stores/{number}): the map code is fetched only after the page has
// loaded and once the map's place is on screen or near it (below the details on a phone), so the
// address, hours and prices never wait for it.
import './map.css';
import { type ComponentProps, lazy, Suspense, useRef } from 'react';
import type StoreMapType from './StoreMap';
import { useMapWhenNear } from './useAfterLoad';

const StoreMap = lazy(() => import('./StoreMap'));

export default function StorePageMap(props: ComponentProps<typeof StoreMapType>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useMapWhenNear(box);
  return (
    <div ref={box}>
      {near ? (
        <Suspense fallback={<div className="store-map store-map--compact" />}>
          <StoreMap {...props} />
        </Suspense>
      ) : (
        <div className="store-map store-map--compact" />
      )}
    </div>
  );
}
