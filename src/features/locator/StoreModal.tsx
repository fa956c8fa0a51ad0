// The store detail modal (product.md 2.9): 'Store #{number}' with Address, Contact, Features and Current
// Prices, Get Directions (new tab) and Call Store (tel:). A native modal dialog keeps focus inside;
// it closes on its close button, Escape or a click outside, and focus returns to what opened it.
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { telHref } from '../../components/content/phone.ts';
import {
  directionsUrl,
  formatPrice,
  PRICES_LOADING,
  type StoreItem,
  storePath,
  storeTitle,
} from './locator.ts';
import { displayPhone } from './phone.ts';

interface Props {
  store: StoreItem | null;
  returnFocus: HTMLElement | null;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first and back: the browser would otherwise leave the page. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const asOf = (at: number | null) =>
  at === null
    ? ''
    : ` (as of ${new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })})`;

export function StoreModal({ store, returnFocus, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (store && !element.open) element.showModal();
    if (!store && element.open) element.close();
  }, [store]);

  const close = () => {
    onClose();
    returnFocus?.focus();
  };

  const data = store?.data;
  return (
    <dialog
      ref={dialog}
      className="store-modal"
      aria-labelledby="store-modal-title"
      onClose={() => store && close()}
      onKeyDown={trapTab}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its inner box.
        if (event.target === event.currentTarget) close();
      }}
    >
      {store && data && (
        <div className="store-modal__box">
          <div className="store-modal__head">
            <h2 id="store-modal-title">{storeTitle(store)}</h2>
            <button type="button" className="store-modal__close" aria-label="Close" onClick={close}>
              ×
            </button>
          </div>
          <h3>Address</h3>
          <p>
            {data.sAddr1}
            {data.sAddr2 && <>, {data.sAddr2}</>}
            <br />
            {data.sCity}, {data.sState} {data.sZip}
          </p>
          <h3>Contact</h3>
          <p>{data.sPhone ? displayPhone(data.sPhone) : 'No phone listed'}</p>
          <h3>Features</h3>
          {store.features.length > 0 ? (
            <ul className="store-modal__features">
              {store.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : (
            <p>None listed</p>
          )}
          <h3>Current Prices</h3>
          {store.prices_left_out ? (
            <p>{PRICES_LOADING}</p>
          ) : (
            <p>
              Gas: {formatPrice(store.gas_price)}
              {asOf(store.gas_price_at)}
              <br />
              Diesel: {formatPrice(store.diesel_price)}
              {store.diesel_price !== null && asOf(store.diesel_price_at)}
            </p>
          )}
          <div className="store-modal__actions">
            <a className="button" href={directionsUrl(data)} target="_blank" rel="noopener noreferrer">
              Get Directions
            </a>
            {data.sPhone && (
              <a className="button" href={telHref(data.sPhone)}>
                Call Store
              </a>
            )}
            <a className="store-modal__page" href={storePath(store)}>
              Store page, hours and map
            </a>
          </div>
        </div>
      )}
    </dialog>
  );
}
