// The navigation from its content collection (content/navigation.yaml), for the chrome's components.
import { getEntry } from 'astro:content';
import { type Navigation, navigationFrom } from './navigation.ts';

export async function loadNavigation(): Promise<Navigation> {
  const entry = await getEntry('navigation', 'site');
  if (!entry) throw new Error('content/navigation.yaml is missing');
  return navigationFrom(entry.data);
}
