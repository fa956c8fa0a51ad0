// Start-up warnings: settings that leave the site broken in a way nobody would notice until
// visitors complain (no human check, say), logged once per process.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { humanCheckMode } from '../human-check/mode.ts';
import { isLoopbackHost } from '../ip.ts';
import { log } from '../log.ts';
import { APPLICATION_KEY_FILE_NAME } from './schema.ts';
import type { Settings } from './settings.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/** Settings that leave the site broken in a way nobody would notice until visitors complain. */
export function configWarnings(config: Settings): string[] {
  const warnings: string[] = [];
  const mode = humanCheckMode(config);
  if (mode === 'unavailable') {
    warnings.push(
      'No human check is configured: every form that needs it (sign-up and the other public forms) ' +
        'is refused. Set TURNSTILE_SECRET_KEY and PUBLIC_TURNSTILE_SITE_KEY, or HUMAN_CHECK=local ' +
        'for a local test setup only.',
    );
  }
  if (mode === 'turnstile' && !config.turnstileSiteKey) {
    warnings.push(
      'TURNSTILE_SECRET_KEY is set without PUBLIC_TURNSTILE_SITE_KEY: forms cannot show the Turnstile ' +
        'widget, so every human check fails. Set both.',
    );
  }
  const host = URL.parse(config.siteUrl)?.hostname;
  if (mode === 'turnstile' && (!host || LOCAL_HOSTS.has(host))) {
    warnings.push(
      `Turnstile is configured but SITE_URL is ${config.siteUrl}: Turnstile tokens carry the public ` +
        "site's hostname, so every human check fails. Set SITE_URL to the site's public address.",
    );
  }
  // This server speaks plain HTTP: an https SITE_URL means a proxy terminates TLS in front of it.
  if (!config.trustProxy && !config.clientIpHeader && URL.parse(config.siteUrl)?.protocol === 'https:') {
    warnings.push(
      `SITE_URL is ${config.siteUrl} but TRUST_PROXY is off: behind a proxy every visitor would share ` +
        "the proxy's address for the per-address limits. Set TRUST_PROXY=1 when a proxy you control " +
        'sets X-Forwarded-For (docs/api.md, Limits, for other setups).',
    );
  }
  if (config.metricsPort && !config.metricsToken && !isLoopbackHost(config.metricsHost ?? '127.0.0.1')) {
    warnings.push(
      `METRICS_HOST is ${config.metricsHost} without METRICS_TOKEN: anyone who reaches port ` +
        `${config.metricsPort} of that address reads the metrics. Keep it on a private network, or set METRICS_TOKEN.`,
    );
  }
  const earlierKeyFile = join(config.dataDir, APPLICATION_KEY_FILE_NAME);
  if (!config.applicationKeys && earlierKeyFile !== config.applicationKeyFile && existsSync(earlierKeyFile)) {
    warnings.push(
      `The application keys are in ${earlierKeyFile}, inside the data folder, so a backup of the data ` +
        'holds the keys that open it. They are still used; move the file out: stop the server, ' +
        `mkdir -m 700 -p ${config.keysDir} && mv ${earlierKeyFile} ${config.applicationKeyFile}, and start ` +
        'it again (or set APPLICATION_KEY_FILE to where you keep it).',
    );
  }
  return warnings;
}

const WARNED = Symbol.for('kwikfill.config-warned');

/**
 * Logs configWarnings once per process, at start: the Node server (src/server/http/server.ts) calls it before listening and
 * the bundled API (a separate copy of this module, hence the flag on globalThis) when it starts.
 */
export function warnAboutConfig(config: Settings): void {
  const scope = globalThis as typeof globalThis & { [WARNED]?: boolean };
  if (scope[WARNED]) return;
  scope[WARNED] = true;
  for (const warning of configWarnings(config)) log.warn({ warning: 'configuration' }, warning);
}
