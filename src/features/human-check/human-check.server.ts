// Routes of the human check: which widget to show, and tokens for the local stand-in.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../server/deps';
import { ApiError, ERRORS } from '../../server/errors';
import { readBody } from '../../server/http';
import { ACTION_PATTERN, humanCheckMode, issueLocalToken, LOCAL_TOKEN_LIFETIME_MS } from './verify.server';

const localSchema = v.object({
  action: v.pipe(v.string('Unknown action'), v.regex(ACTION_PATTERN, 'Unknown action')),
});

export const humanCheckRoutes = new Hono<AppEnv>()
  // The widgets ask this when they mount, so they always match what the server verifies.
  .get('/config', (c) => {
    const { deps } = c.var;
    const mode = humanCheckMode(deps);
    return mode === 'turnstile'
      ? c.json({ mode, site_key: deps.config.turnstileSiteKey ?? null })
      : c.json({ mode });
  })
  .post('/local', async (c) => {
    const { deps } = c.var;
    // The stand-in exists only when asked for (HUMAN_CHECK=local) and Turnstile is not configured.
    if (humanCheckMode(deps) !== 'local') throw ApiError.of(ERRORS.notFound);
    const { action } = await readBody(c, localSchema);
    return c.json({ token: issueLocalToken(deps, action), expires_in: LOCAL_TOKEN_LIFETIME_MS / 1000 });
  });
