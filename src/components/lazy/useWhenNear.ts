// Code a page needs only later waits: until the page has loaded (the locator's map, about 300 KB,
// so the list, the address and the prices are on screen first on a slow phone connection), or until
// its place on the page is on screen or near it (the map below the list on a phone, the signature
// pad at the end of an application form).
import { type RefObject, useEffect, useState } from 'react';

export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const start = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(start, 0);
      return () => clearTimeout(timer);
    }
    window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return loaded;
}

/**
 * True once the page has loaded and `box` is on screen or within `margin` of it. On a phone the
 * map sits below the store list (or the store's details): its 300 KB of code and its drawing then
 * wait until the visitor scrolls towards it, instead of holding the phone's processor as the page
 * settles (Lighthouse mobile counted over a second of blocking time for it on /stores). Beside the
 * list, on a wide screen, it loads at once after the page as before.
 */
export function useWhenNear(box: RefObject<HTMLElement | null>, margin = '200px 0px'): boolean {
  const loaded = useAfterLoad();
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!loaded || near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded, near, box, margin]);
  return near;
}
