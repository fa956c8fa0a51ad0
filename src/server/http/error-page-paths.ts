// The addresses of the error pages (src/pages/404.astro, 500.astro) as the server sees them (server.ts):
// Astro renders them with their status, never as a 200 file, and the 500 page's own address is no
// page at all (a server error for anyone who types it in).

/** The error pages' own addresses, as a file lookup would find them. */
export const errorPage = /^\/(404|500)(\.html|\/|\/index\.html)?$/;

/** True when the target, read as Astro reads it (dot segments, doubled slashes, encoding), is /500. */
export function isServerErrorPage(target = '/'): boolean {
  // Without %-encoding, or the tabs and line breaks a URL parser drops, only a target that spells
  // 500 can name it: nearly every request skips the parse.
  if (!target.includes('500') && !/[%\t\n\r]/.test(target)) return false;
  let path: string;
  try {
    // An absolute-form target (`GET http://host/500`) names its path as Astro's adapter reads it.
    const url = target.startsWith('/') ? new URL(`http://host${target}`) : new URL(target);
    path = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  return /^\/500(\.html|\/|\/index\.html)?$/.test(path.replace(/\/{2,}/g, '/'));
}
