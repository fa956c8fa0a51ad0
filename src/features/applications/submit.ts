// Sending an application from the browser: the checked values as a multipart `form:` body of the
// one API client (files cannot travel as JSON), drawn signatures as PNG files, the chosen
// statements as they are, and the anti-abuse fields. Errors come back as the client's ApiError.
import { publicApi, read } from '../../lib/api-client';
import type { SubmitAnswer } from './applications';
import type { Values } from './draft';
import type { ApplicationKind, KindInfo } from './kind';

/** A multipart body as hc's `form:` takes it: one value, or several under one name. */
export type ApplicationForm = Record<string, string | Blob | (string | Blob)[]>;

/** A PNG data URL (the signature pad's output) as a file. */
export function pngFile(dataUrl: string, name: string): File {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: 'image/png' });
}

export function toForm(
  { signatures }: KindInfo,
  values: Values,
  files: Record<string, File | null>,
  guard: { website: string; form_ticket: string; human_check_token: string },
): ApplicationForm {
  const form: ApplicationForm = {};
  for (const [name, value] of Object.entries(values)) {
    if (signatures.includes(name) && typeof value === 'string' && value) {
      form[name] = pngFile(value, `${name}.png`);
    } else if (Array.isArray(value)) form[name] = value.map(String);
    else if (value !== undefined && value !== null) form[name] = String(value);
  }
  for (const [name, file] of Object.entries(files)) if (file) form[name] = file;
  return { ...form, ...guard };
}

export const sendApplication = (kind: ApplicationKind, form: ApplicationForm): Promise<SubmitAnswer> =>
  read(publicApi.applications[':kind'].$post({ param: { kind }, form }));
