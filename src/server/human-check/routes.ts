// Routes of the human check (platform: the public-form guard verifies it, verify.ts): which widget
// to show, and tokens for the local stand-in. The widgets that call them: src/features/human-check/.
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { text } from '../../lib/fields.ts';
import type { AppEnv } from '../deps.ts';
import { ApiError, ERRORS } from '../errors.ts';
import { json } from '../validate.ts';
import { humanCheckMode } from './mode.ts';
import { ACTION_PATTERN, issueLocalToken, LOCAL_TOKEN_LIFETIME_MS } from './verify.ts';

const localSchema = v.object({
  action: v.pipe(text('Unknown action'), v.regex(ACTION_PATTERN, 'Unknown action')),
});

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (humanCheckMode(c.var.deps.config) !== 'local') throw ApiError.of(ERRORS.notFound);
  await next();
};

export const humanCheckRoutes = new Hono<AppEnv>()
  // The widgets ask this when they mount, so they always match what the server verifies.
  .get('/config', (c) => {
    const { deps } = c.var;
    const mode = humanCheckMode(deps.config);
    return mode === 'turnstile'
      ? c.json({ mode, site_key: deps.config.turnstileSiteKey ?? null })
      : c.json({ mode });
  })
  // The stand-in exists only when asked for (HUMAN_CHECK=local) and Turnstile is not configured.
  .post('/local', localOnly, json(localSchema), async (c) => {
    const { deps } = c.var;
    const { action } = c.req.valid('json');
    return c.json({ token: issueLocalToken(deps, action), expires_in: LOCAL_TOKEN_LIFETIME_MS / 1000 });
  });
