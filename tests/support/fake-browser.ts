// Small stand-ins for the browser pieces the session code touches (jsdom is not installed):
// Storage, fetch and location. Used by unit tests only.
import { vi } from 'vitest';

export class FakeStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

export interface FakeBrowser {
  localStorage: FakeStorage;
  sessionStorage: FakeStorage;
  fetch: ReturnType<typeof vi.fn>;
  location: { assign: ReturnType<typeof vi.fn>; replace: ReturnType<typeof vi.fn> };
}

/** Installs fresh fakes on globalThis; undo with vi.unstubAllGlobals(). */
export function installFakeBrowser(stored: Record<string, string> = {}): FakeBrowser {
  const browser: FakeBrowser = {
    localStorage: new FakeStorage(),
    sessionStorage: new FakeStorage(),
    fetch: vi.fn(),
    location: { assign: vi.fn(), replace: vi.fn() },
  };
  for (const [key, value] of Object.entries(stored)) browser.localStorage.setItem(key, value);
  for (const [name, value] of Object.entries(browser)) vi.stubGlobal(name, value);
  return browser;
}

/** A fetch answer with a JSON body. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The headers a fetch call sent, as a plain object with lower-case names. */
export const sentHeaders = (init: RequestInit | undefined): Record<string, string> =>
  Object.fromEntries(new Headers(init?.headers));
