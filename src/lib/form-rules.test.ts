import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GUARD_MESSAGES } from './form-rules.ts';

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
