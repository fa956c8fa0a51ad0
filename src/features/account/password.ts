// The password rules of product.md 5.2 as a checklist the forms show while the visitor types. The rules
// and their texts are read from the shared schema, so the list cannot drift from what is enforced.
import * as v from 'valibot';
import { passwordField } from '../../lib/fields.ts';

type Check = v.BaseValidation<string, string, v.BaseIssue<unknown>> & { message: string };

// The length cap is a safety limit, not a rule a person needs to read.
const checks = (passwordField.pipe as readonly { kind: string; type: string; message?: unknown }[]).filter(
  (item): item is Check =>
    item.kind === 'validation' && item.type !== 'max_length' && typeof item.message === 'string',
);

export interface PasswordRule {
  message: string;
  met: boolean;
}

export function passwordChecklist(password: string): PasswordRule[] {
  return checks.map((check) => ({
    message: check.message,
    met: v.safeParse(v.pipe(v.string(), check), password).success,
  }));
}

/** The first rule the password breaks, or null. */
export const firstBrokenRule = (password: string): string | null =>
  passwordChecklist(password).find((rule) => !rule.met)?.message ?? null;
