// Giveaway entries as load: each request is a different person from a different browser and
// address, as a crowd of real visitors would be, so the public-form guard passes every one and the
// figure is the whole entry path (ticket, dwell, limits, human check, insert), not a limit
// answering 429. The tickets and human-check tokens are fetched from the server under test first,
// as the form does when it loads (the server runs with HUMAN_CHECK=local and TRUST_PROXY=1; each
// request carries its own X-Forwarded-For address), and used once the 3-second dwell has passed.
import { setTimeout as sleep } from 'node:timers/promises';
import { entryValues } from '../src/features/giveaway/giveaway.sample.ts';
import { DEFAULT_API_KEY } from '../src/lib/api-key.ts';

export const ENTRY_PROMOTION = 'sample-free-gas-for-a-year';
export const ENTRY_PATH = `/api/v1/promotion/${ENTRY_PROMOTION}/entry?cb=1`;
const apiHeaders = { 'x-api-key': process.env.PUBLIC_API_KEY ?? DEFAULT_API_KEY };

async function getJson(base, path, init = {}) {
  const response = await fetch(base + path, { ...init, headers: { ...apiHeaders, ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const address = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `count` ready entries (body and headers), each a new person, browser and address; `first`: the
 * number of the first person, so that entries prepared for two servers are different people.
 */
export async function prepareEntries(base, count, parallel = 16, first = 0) {
  const entries = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const n = first + i;
      const [{ ticket }, { token }] = await Promise.all([
        getJson(base, '/api/v1/form-ticket?form=giveaway'),
        getJson(base, '/api/v1/human-check/local', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'giveaway' }),
        }),
      ]);
      const body = {
        ...entryValues(`bench.entrant${n}@example.com`),
        website: '',
        form_ticket: ticket,
        human_check_token: token,
      };
      entries[i] = {
        body: JSON.stringify(body),
        headers: { ...apiHeaders, 'content-type': 'application/json', 'x-forwarded-for': address(n + 1) },
      };
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  await sleep(3100); // the form's minimum dwell (product.md 5.1: 3 seconds)
  return entries;
}

/** Autocannon's `requests` option sending the prepared entries in turn, each once. */
export function entryRequests(entries) {
  let i = 0;
  return [
    {
      method: 'POST',
      path: ENTRY_PATH,
      setupRequest: (request) => {
        const entry = entries[i++ % entries.length];
        return { ...request, body: entry.body, headers: { ...request.headers, ...entry.headers } };
      },
    },
  ];
}
