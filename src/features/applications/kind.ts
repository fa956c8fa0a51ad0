// What every part (island, API, CLI) knows of an application kind. Each kind's module
// (charge-card.ts, fleet.ts) exports its own KindInfo and an island imports only its own: the fleet
// page never loads the charge card's schema, nor the charge card page the fleet's (bench/pages.mjs).
// applications.ts gathers both for the server and the operators' commands.
import * as v from 'valibot';

export const APPLICATION_KINDS = ['charge-card', 'fleet-fueling'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export interface KindInfo {
  kind: ApplicationKind;
  title: string;
  /** Reference numbers start with it: CC-7K3M-9Q2P. */
  prefix: string;
  signatures: readonly string[];
  groups: readonly string[];
  uploads: readonly string[];
  secrets: readonly string[];
  emailField: string;
  summary: (data: Record<string, unknown>) => string;
  /** The schema for this input (sections the visitor did not open are not part of it). */
  schema: (input: unknown, now: number) => v.GenericSchema<unknown, Record<string, unknown>>;
}

/**
 * Checks values as the server does (src/server/validate.ts): a field never touched counts
 * as empty, so it gets its own message rather than valibot's generic 'Invalid key'.
 */
export function parseApplication(info: KindInfo, values: Record<string, unknown>, now: number) {
  const schema = info.schema(values, now);
  const entries = (schema as { entries?: Record<string, unknown> }).entries ?? {};
  const input = { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...values };
  return v.safeParse(schema, input);
}
