// Sending an application from the browser: the checked values as multipart form data (the API's
// JSON client cannot carry files), drawn signatures as PNG files, the chosen statements as they
// are, and the anti-abuse fields. Errors come back as the API client's ApiError.
import { PUBLIC_API_KEY } from '../../lib/api-key';
import { ApiError, NETWORK_MESSAGE, UNEXPECTED_MESSAGE } from '../session/api';

const API_BASE = '/api/v1';

import type { SubmitAnswer } from './applications';
import type { Values } from './draft';
import type { ApplicationKind, KindInfo } from './kind';

/** A PNG data URL (the signature pad's output) as a file. */
export function pngBlob(dataUrl: string): Blob {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

export function toFormData(
  { signatures }: KindInfo,
  values: Values,
  files: Record<string, File | null>,
  guard: { website: string; form_ticket: string; human_check_token: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (signatures.includes(name) && typeof value === 'string' && value) {
      form.append(name, pngBlob(value), `${name}.png`);
    } else if (Array.isArray(value)) {
      for (const item of value) form.append(name, String(item));
    } else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, file.name);
  for (const [name, value] of Object.entries(guard)) form.append(name, value);
  return form;
}

export async function sendApplication(kind: ApplicationKind, body: FormData): Promise<SubmitAnswer> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/applications/${kind}`, {
      method: 'POST',
      headers: { 'X-API-Key': PUBLIC_API_KEY, Accept: 'application/json' },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE);
  }
  const data = (await response.json().catch(() => undefined)) as
    | { reference?: string; error?: { code?: string; description?: string; fields?: Record<string, string> } }
    | undefined;
  if (response.ok && typeof data?.reference === 'string') return { reference: data.reference };
  const error = data?.error;
  if (typeof error?.code === 'string' && typeof error.description === 'string') {
    throw new ApiError(response.status, error.code, error.description, error.fields ?? {});
  }
  throw new ApiError(response.status, 'http_error', UNEXPECTED_MESSAGE);
}
