// The two application kinds and what island, API and CLI need to know about each: the schema,
// the fields that are drawn signatures or checkbox groups, the secrets never kept in a draft,
// the summary name and the applicant's address for the acknowledgement.
import * as v from 'valibot';
import { CHARGE_CARD_SECRETS, chargeCardSchema, chargeCardSummary } from './charge-card';
import { FLEET_SECRETS, fleetSchema, fleetSummary } from './fleet';
import { GUARANTOR_NUMBERS } from './fleet-guaranty';
import { UPLOAD_FIELDS } from './uploads';

export const APPLICATION_KINDS = ['charge-card', 'fleet-fueling'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

export const isApplicationKind = (value: unknown): value is ApplicationKind =>
  (APPLICATION_KINDS as readonly unknown[]).includes(value);

interface KindInfo {
  title: string;
  /** Reference numbers start with it: CC-7K3M-9Q2P. */
  prefix: string;
  signatures: readonly string[];
  groups: readonly string[];
  uploads: readonly string[];
  secrets: readonly string[];
  emailField: string;
  summary: (data: Record<string, unknown>) => string;
}

export const KINDS: Record<ApplicationKind, KindInfo> = {
  'charge-card': {
    title: 'Charge Card Application',
    prefix: 'CC',
    signatures: ['signature_a', 'signature_b'],
    groups: ['statement'],
    uploads: [],
    secrets: CHARGE_CARD_SECRETS,
    emailField: 'a_email',
    summary: chargeCardSummary,
  },
  'fleet-fueling': {
    title: 'Fleet Fueling Application',
    prefix: 'FF',
    signatures: ['signature', ...GUARANTOR_NUMBERS.map((n) => `g${n}_signature`)],
    groups: ['business_type', 'guaranty'],
    uploads: UPLOAD_FIELDS.map(([name]) => name),
    secrets: FLEET_SECRETS,
    emailField: 'contact_email',
    summary: fleetSummary,
  },
};

/** The schema for this kind and input (sections the visitor did not open are not part of it). */
export function schemaFor(
  kind: ApplicationKind,
  input: unknown,
  now: number,
): v.GenericSchema<unknown, Record<string, unknown>> {
  return kind === 'charge-card' ? chargeCardSchema(input, now) : fleetSchema(input);
}

/**
 * Checks values as the server does (src/server/http.ts validate): a field never touched counts
 * as empty, so it gets its own message rather than valibot's generic 'Invalid key'.
 */
export function parseApplication(kind: ApplicationKind, values: Record<string, unknown>, now: number) {
  const schema = schemaFor(kind, values, now);
  const entries = (schema as { entries?: Record<string, unknown> }).entries ?? {};
  const input = { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...values };
  return v.safeParse(schema, input);
}

/** Answer of POST /applications/{kind}. */
export interface SubmitAnswer {
  reference: string;
}
