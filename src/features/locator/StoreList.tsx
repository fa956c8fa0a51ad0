// The results list (product.md 2.9): nearest first, each store a link to its page that opens the detail
// modal once the island runs. Rendered on the server too, so it reads with no JavaScript.

import {
  formatDistance,
  formatPrice,
  type PlacedStore,
  type StoreItem,
  storePath,
  storeTitle,
} from './locator.ts';
import { displayPhone } from './phone.ts';

interface Props {
  stores: PlacedStore[];
  onSelect?: (store: StoreItem, trigger: HTMLElement) => void;
}

export function StoreList({ stores, onSelect }: Props) {
  if (stores.length === 0) return <p className="locator__empty">No store matches these filters.</p>;
  return (
    <ol className="locator__list">
      {stores.map((store) => {
        const { data } = store;
        return (
          <li key={data.sId} className="locator__item">
            <h3 className="locator__title">
              <a
                href={storePath(store)}
                onClick={(event) => {
                  if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                    return;
                  event.preventDefault();
                  onSelect(store, event.currentTarget);
                }}
              >
                {storeTitle(store)}
                <span className="visually-hidden">, {data.sCity}</span>
              </a>
            </h3>
            {store.distance !== undefined && (
              <p className="locator__distance">{formatDistance(store.distance)}</p>
            )}
            <p className="locator__address">
              {data.sAddr1}
              {data.sAddr2 && `, ${data.sAddr2}`}
              <br />
              {data.sCity}, {data.sState} {data.sZip}
            </p>
            {data.sPhone && <p className="locator__phone">{displayPhone(data.sPhone)}</p>}
            {!store.prices_left_out && (
              <p className="locator__prices">
                Gas {formatPrice(store.gas_price)}
                {store.diesel_price !== null && <> · Diesel {formatPrice(store.diesel_price)}</>}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
