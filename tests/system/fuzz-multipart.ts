// Multipart oddities for the fuzzer (fuzz-cases.ts), aimed at the application forms' uploads and
// sent to every route: no boundary, parts cut off, huge part headers, files of the wrong type or
// disguised, signatures that are not images, thousands of parts, a body far over the limit.
import {
  SIGNATURE_PNG,
  sampleChargeCard,
  sampleFleet,
} from '../../src/features/applications/applications.sample.ts';
import type { Target } from './fuzz-cases.ts';
import type { Headers, RawRequest } from './fuzz-http.ts';
import { INJECTIONS, type Random } from './fuzz-values.ts';

const CRLF = '\r\n';

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  type?: string;
  extraHeaders?: string;
}

function partBytes(boundary: string, part: Part): Buffer {
  const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
  const head =
    `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"${filename}${CRLF}` +
    (part.type ? `Content-Type: ${part.type}${CRLF}` : '') +
    (part.extraHeaders ?? '') +
    CRLF;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(part.value), Buffer.from(CRLF)]);
}

function formBody(boundary: string, parts: Part[], close = true): Buffer {
  return Buffer.concat([
    ...parts.map((part) => partBytes(boundary, part)),
    Buffer.from(close ? `--${boundary}--${CRLF}` : ''),
  ]);
}

/** The fields of a real application, as parts, so the route reads far into the form. */
function applicationParts(target: Target): Part[] {
  const values = target.path.includes('fleet') ? sampleFleet() : sampleChargeCard();
  return Object.entries(values).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => ({ name, value: String(item) })),
  );
}

const PNG = Buffer.from(SIGNATURE_PNG.split(',')[1] ?? '', 'base64');
const FILES: { filename: string; type: string; value: () => Buffer }[] = [
  { filename: 'statement.pdf', type: 'application/pdf', value: () => Buffer.from('%PDF-1.4\n%%EOF\n') },
  { filename: 'statement.pdf', type: 'application/pdf', value: () => Buffer.from('MZ\x90\x00 not a pdf') },
  { filename: 'virus.exe', type: 'application/x-msdownload', value: () => Buffer.from('MZ\x90\x00') },
  { filename: 'page.html', type: 'text/html', value: () => Buffer.from('<script>alert(1)</script>') },
  { filename: '../../../etc/passwd', type: 'text/plain', value: () => Buffer.from('root:x:0:0') },
  { filename: '..\\..\\boot.ini', type: 'text/plain', value: () => Buffer.from('x') },
  { filename: 'a\u0000.pdf', type: 'application/pdf', value: () => Buffer.from('%PDF-1.4') },
  { filename: `${'n'.repeat(5000)}.pdf`, type: 'application/pdf', value: () => Buffer.from('%PDF-1.4') },
  { filename: 'empty.pdf', type: 'application/pdf', value: () => Buffer.alloc(0) },
  { filename: 'sig.png', type: 'image/png', value: () => PNG },
  { filename: 'sig.png', type: 'image/png', value: () => Buffer.from('GIF89a not a png') },
  {
    filename: 'sig.png',
    type: 'image/png',
    value: () => Buffer.concat([PNG.subarray(0, 20), Buffer.alloc(50, 0xff)]),
  },
  { filename: 'photo.jpg', type: 'image/jpeg', value: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
];
const FILE_FIELDS = ['annual_statement', 'current_statement', 'signature', 'signature_a', 'g1_signature'];

/** One multipart request for the target (mostly POST to it, whatever its own method). */
export function multipartCase(r: Random, target: Target, headers: Headers): RawRequest {
  const boundary = `----fuzz${r.int(1e9)}`;
  const type = (b = boundary) => ['Content-Type', `multipart/form-data; boundary=${b}`] as [string, string];
  const fields = r.chance(0.7) ? applicationParts(target) : [{ name: 'a_email', value: r.pick(INJECTIONS) }];
  const file = () => {
    const f = r.pick(FILES);
    return { name: r.pick(FILE_FIELDS), filename: f.filename, type: f.type, value: f.value() };
  };
  const base = { method: 'POST', target: target.path };
  const variants: (() => RawRequest)[] = [
    () => ({
      ...base,
      label: 'multipart with files',
      headers: [...headers, type()],
      body: formBody(boundary, [...fields, file(), file()]),
    }),
    () => ({
      ...base,
      label: 'multipart without boundary',
      headers: [...headers, ['Content-Type', 'multipart/form-data']],
      body: formBody(boundary, fields),
    }),
    () => ({
      ...base,
      label: 'multipart, empty boundary',
      headers: [...headers, ['Content-Type', 'multipart/form-data; boundary=']],
      body: formBody('', fields),
    }),
    () => ({
      ...base,
      label: 'multipart, other boundary',
      headers: [...headers, type('not-the-one')],
      body: formBody(boundary, fields),
    }),
    () => ({
      ...base,
      label: 'multipart, no closing boundary',
      headers: [...headers, type()],
      body: formBody(boundary, [...fields, file()], false),
    }),
    () => {
      const body = formBody(boundary, [...fields, file()]);
      return {
        ...base,
        label: 'multipart cut off',
        headers: [...headers, type()],
        body: body.subarray(0, r.int(body.length)),
      };
    },
    () => {
      const body = formBody(boundary, [...fields, file()]);
      return {
        ...base,
        label: 'multipart, connection dropped',
        headers: [...headers, type()],
        body,
        truncateAt: r.int(body.length),
      };
    },
    // Over the 10 MB a statement may have (rarely: each one is held by the server while it reads).
    () => ({
      ...base,
      label: 'oversized file',
      headers: [...headers, type()],
      body: formBody(boundary, [
        ...fields,
        {
          name: 'annual_statement',
          filename: 'big.pdf',
          type: 'application/pdf',
          value: Buffer.alloc(r.chance(0.2) ? 11 * 1024 * 1024 : 1024 * 1024, 0x25),
        },
      ]),
    }),
    () => ({
      ...base,
      label: 'huge part headers',
      headers: [...headers, type()],
      body: formBody(boundary, [
        {
          name: 'a_email',
          value: 'a@b.co',
          extraHeaders: `X-Pad: ${'p'.repeat(r.pick([10_000, 200_000]))}${CRLF}`,
        },
        ...fields,
      ]),
    }),
    () => ({
      ...base,
      label: 'huge part name',
      headers: [...headers, type()],
      body: formBody(boundary, [{ name: 'n'.repeat(100_000), value: 'x' }]),
    }),
    () => ({
      ...base,
      label: 'many parts',
      headers: [...headers, type()],
      body: formBody(
        boundary,
        Array.from({ length: r.pick([1000, 20_000]) }, (_, i) => ({
          name: r.chance(0.5) ? 'statement' : `f${i}`,
          value: 'x',
        })),
      ),
    }),
    () => ({
      ...base,
      label: 'many files',
      headers: [...headers, type()],
      body: formBody(
        boundary,
        Array.from({ length: 500 }, () => ({
          name: r.pick(FILE_FIELDS),
          filename: 'a.pdf',
          type: 'application/pdf',
          value: '%PDF-1.4',
        })),
      ),
    }),
    () => ({
      ...base,
      label: 'part without a name',
      headers: [...headers, type()],
      body: Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`,
      ),
    }),
    () => ({
      ...base,
      label: 'part without headers',
      headers: [...headers, type()],
      body: Buffer.from(`--${boundary}${CRLF}${CRLF}x${CRLF}--${boundary}--${CRLF}`),
    }),
    () => ({
      ...base,
      label: 'NUL in a field',
      headers: [...headers, type()],
      body: formBody(boundary, [...fields, { name: 'a_first_name', value: 'Da\u0000na' }]),
    }),
    () => ({
      ...base,
      label: 'invalid UTF-8 in a field',
      headers: [...headers, type()],
      body: formBody(boundary, [...fields, { name: 'a_first_name', value: Buffer.from([0xc0, 0xaf, 0xff]) }]),
    }),
    () => ({
      ...base,
      label: 'boundary in quotes, odd charset',
      headers: [...headers, ['Content-Type', `multipart/form-data; boundary="${boundary}"; charset=utf-7`]],
      body: formBody(boundary, fields),
    }),
    () => ({
      ...base,
      label: 'multipart/mixed',
      headers: [...headers, ['Content-Type', `multipart/mixed; boundary=${boundary}`]],
      body: formBody(boundary, fields),
    }),
    () => ({
      ...base,
      label: 'base64 part',
      headers: [...headers, type()],
      body: formBody(boundary, [
        {
          name: 'signature',
          filename: 's.png',
          type: 'image/png',
          value: SIGNATURE_PNG,
          extraHeaders: `Content-Transfer-Encoding: base64${CRLF}`,
        },
      ]),
    }),
  ];
  return r.pick(variants)();
}
