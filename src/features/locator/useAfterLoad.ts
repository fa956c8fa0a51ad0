// True once the page has loaded: the map (maplibre, about 300 KB) waits for it, so the list, the
// address and the prices are on screen first on a slow phone connection.
import { useEffect, useState } from 'react';

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
