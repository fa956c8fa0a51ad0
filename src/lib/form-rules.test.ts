// One copy of the product.md 9 form limits: the browser guards and the server checks read the same values.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardMessage } from '../components/form/guards.ts';
import { LIMITS } from '../server/rate-limit.ts';
import { ATTEMPT_WINDOW_MS, GUARD_MESSAGES, MAX_ATTEMPTS_PER_HOUR, MIN_DWELL_MS } from './form-rules.ts';

describe('form rules (product.md 5.1, 9)', () => {
  it('3 seconds of dwell time, 3 attempts per hour', () => {
    expect([MIN_DWELL_MS, MAX_ATTEMPTS_PER_HOUR, ATTEMPT_WINDOW_MS]).toEqual([3000, 3, 3_600_000]);
  });

  it('the server limit and the browser guard use them', () => {
    expect(LIMITS.formAttempts).toEqual({ limit: MAX_ATTEMPTS_PER_HOUR, windowMs: ATTEMPT_WINDOW_MS });
    const ok = { trap: '', loadedAt: 0, now: MIN_DWELL_MS, attempts: MAX_ATTEMPTS_PER_HOUR - 1 };
    expect(guardMessage(ok)).toBeNull();
    expect(guardMessage({ ...ok, now: MIN_DWELL_MS - 1 })).not.toBeNull();
    expect(guardMessage({ ...ok, attempts: MAX_ATTEMPTS_PER_HOUR })).not.toBeNull();
  });
});

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });

it('writes each guard message once in the code: every form and the server read it from here', () => {
  // Code only: a comment may quote a message.
  const code = (text: string) =>
    text
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join('\n');
  const files = sources('src').map((file) => ({ file, text: code(readFileSync(file, 'utf8')) }));
  for (const message of Object.values(GUARD_MESSAGES)) {
    const literal = new RegExp(`['"\`]${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
    const where = files.filter(({ text }) => literal.test(text)).map(({ file }) => file);
    expect(where, message).toEqual([join('src', 'lib', 'form-rules.ts')]);
  }
});
