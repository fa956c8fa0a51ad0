// The one way an on-demand page gets its data: the same typed client as the browser
// (src/lib/api-client.ts, `hc<AppType>`), whose fetch hands the request to the app in this
// process (no socket, no port). The page and the API can then never disagree, every answer is
// typed by its route, and error answers reject with the same ApiError. While the API cannot
// start (database down) the app's own 503 answer comes back, as it would to a browser.
import { type Api, ApiError, apiClient, type ClientOptions } from '../lib/api-client.ts';
import { loadConfig } from './config/index.ts';
import { answerApi } from './runtime.ts';

/** Any origin will do: the request never leaves the process. */
const IN_PROCESS_ORIGIN = 'http://in-process/';

/** The configured public key, read once per process (pages are rendered many times). */
let configuredKey: string | undefined;

/** The API for an on-demand page: `await read(inProcessApi().offers.$get())`. */
export function inProcessApi(
  options: Pick<ClientOptions, 'raw'> & { answer?: typeof answerApi; apiKey?: string } = {},
): Api {
  const answer = options.answer ?? answerApi;
  configuredKey ??= options.apiKey ? undefined : loadConfig().publicApiKey;
  return apiClient({
    baseUrl: IN_PROCESS_ORIGIN,
    apiKey: options.apiKey ?? (configuredKey as string),
    raw: options.raw,
    fetch: async (input, init) => answer(new Request(input, init), { inProcess: true }),
  });
}

/** The answer's JSON, or undefined when the API answered that it has no such thing (a 4xx). */
export async function readOrMissing<T>(request: Promise<{ json(): Promise<T> }>): Promise<T | undefined> {
  try {
    return await (await request).json();
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return undefined;
    throw error;
  }
}
