// The small map of a store page (/stores/{number}): the map code is fetched only after the page has
// loaded and once the map's place is on screen or near it (below the details on a phone), so the
// address, hours and prices never wait for it.
import './map.css';
import { type ComponentProps, useRef } from 'react';
import { LazyPart } from '../../components/lazy/LazyPart.tsx';
import { useWhenNear } from '../../components/lazy/useWhenNear.ts';
import type StoreMapType from './StoreMap.tsx';

const loadMap = () => import('./StoreMap.tsx');

export default function StorePageMap(props: ComponentProps<typeof StoreMapType>) {
  const box = useRef<HTMLDivElement>(null);
  const near = useWhenNear(box);
  return (
    <div ref={box}>
      {near ? (
        <LazyPart
          name="StoreMap"
          load={loadMap}
          props={props}
          fallback={<div className="store-map store-map--compact" />}
        />
      ) : (
        <div className="store-map store-map--compact" />
      )}
    </div>
  );
}
