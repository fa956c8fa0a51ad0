// What our server sends for one request, byte for byte (status, the headers a browser reads, the
// body still compressed), so the bare server of the benchmark can send exactly the same.
import http from 'node:http';

const KEPT = ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary', 'content-security-policy'];

export function captureAnswer(base, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const kept = Object.fromEntries(
          KEPT.filter((h) => response.headers[h]).map((h) => [h, response.headers[h]]),
        );
        const status = response.statusCode ?? 0;
        if (status >= 300) return reject(new Error(`${method} ${path} answered ${status}`));
        resolve({ status, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
