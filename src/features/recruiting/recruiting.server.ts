// GET /recruiting-assistant/config: whether /careers opens the local stand-in recruiting assistant
// (RECRUITING_ASSISTANT=local). The real assistant is the build's (PUBLIC_RECRUITING_SCRIPT_URL): a
// page that has it never asks. A server decides at run time, as for the human check (docs/api.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';

export const recruitingRoutes = new Hono<AppEnv>().get('/config', (c) =>
  c.json({ stand_in: c.var.deps.config.localRecruitingAssistant }),
);
