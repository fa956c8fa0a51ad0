// Which human check the forms get (src/server/human-check/verify.ts checks it, routes.ts tells the
// widgets), from the settings alone: the start-up warnings (src/server/config/warnings.ts) read it too.
import type { Config } from '../config/index.ts';
import { isLoopbackUrl } from '../ip.ts';

export type HumanCheckMode = 'turnstile' | 'local' | 'unavailable';

/**
 * Turnstile when its secret is set; else the local stand-in when asked for and the site is on this
 * machine (a loopback SITE_URL: however a server was started, a public site never waves people
 * through); else none (forms refused).
 */
export const humanCheckMode = (
  config: Pick<Config, 'turnstileSecretKey' | 'localHumanCheck' | 'siteUrl'>,
): HumanCheckMode => {
  if (config.turnstileSecretKey) return 'turnstile';
  return config.localHumanCheck && isLoopbackUrl(config.siteUrl) ? 'local' : 'unavailable';
};
