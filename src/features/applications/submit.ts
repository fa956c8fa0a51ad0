// Sending an application from the browser: the checked values as a multipart body (files cannot
// travel as JSON), drawn signatures as PNG files, the chosen statements as they are; the anti-abuse
// values as headers (GUARD_HEADERS), which the server checks before it reads the body. Sent through
// src/lib/upload.ts, which tells the upload's progress and can be cancelled (minutes on a rural
// uplink). Errors come back as the client's ApiError.
import { GUARD_HEADERS } from '../../lib/form-rules.ts';
import { type UploadOptions, upload } from '../../lib/upload.ts';
import type { SubmitAnswer } from './applications.ts';
import type { Values } from './draft.ts';
import type { ApplicationKind, KindInfo } from './kind.ts';

/** A multipart body as hc's `form:` takes it: one value, or several under one name. */
export type ApplicationForm = Record<string, string | Blob | (string | Blob)[]>;

/** A PNG data URL (the signature pad's output) as a file. */
export function pngFile(dataUrl: string, name: string): File {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: 'image/png' });
}

/** The public-form guard's values, as the server reads them from the headers. */
export type Guard = Record<keyof typeof GUARD_HEADERS, string>;

export function toForm(
  { signatures }: KindInfo,
  values: Values,
  files: Record<string, File | null>,
): ApplicationForm {
  const form: ApplicationForm = {};
  for (const [name, value] of Object.entries(values)) {
    if (signatures.includes(name) && typeof value === 'string' && value) {
      form[name] = pngFile(value, `${name}.png`);
    } else if (Array.isArray(value)) form[name] = value.map(String);
    else if (value !== undefined && value !== null) form[name] = String(value);
  }
  for (const [name, file] of Object.entries(files)) if (file) form[name] = file;
  return form;
}

/** The form as a multipart body: one part per value, several under one name for a list. */
function toFormData(form: ApplicationForm): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

export const sendApplication = (
  kind: ApplicationKind,
  form: ApplicationForm,
  guard: Guard,
  options: Omit<UploadOptions, 'headers'> = {},
): Promise<SubmitAnswer> =>
  upload<SubmitAnswer>(`applications/${kind}`, toFormData(form), {
    ...options,
    headers: {
      [GUARD_HEADERS.website]: encodeURIComponent(guard.website),
      [GUARD_HEADERS.form_ticket]: guard.form_ticket,
      [GUARD_HEADERS.human_check_token]: guard.human_check_token,
    },
  });
