// The two application kinds together, for the API, the mail, the PDF and the operators' commands
// (an island imports only its own kind: kind.ts).
import { CHARGE_CARD } from './charge-card.ts';
import { FLEET } from './fleet.ts';
import { APPLICATION_KINDS, type ApplicationKind, type KindInfo } from './kind.ts';

export { APPLICATION_KINDS, type ApplicationKind, type KindInfo } from './kind.ts';

export const isApplicationKind = (value: unknown): value is ApplicationKind =>
  (APPLICATION_KINDS as readonly unknown[]).includes(value);

export const KINDS: Record<ApplicationKind, KindInfo> = {
  'charge-card': CHARGE_CARD,
  'fleet-fueling': FLEET,
};

/** The schema for this kind and input (sections the visitor did not open are not part of it). */
export const schemaFor = (kind: ApplicationKind, input: unknown, now: number) =>
  KINDS[kind].schema(input, now);

/** Answer of POST /applications/{kind}. */
export interface SubmitAnswer {
  reference: string;
}
