// The load balancer's probe /healthz on Netlify and under `astro dev` (src/server/probes.ts); the Node
// server answers it itself, before Astro (src/server/http/server.ts).
import type { APIRoute } from 'astro';
import { probeResponse } from '../server/probes.ts';

export const prerender = false;

export const GET: APIRoute = () => probeResponse('/healthz');
