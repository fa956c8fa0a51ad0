// The inlined scripts are the readable files of src/inline/ minified, and the CSP hashes are the
// hashes of exactly that text (a page whose inline script differs from its hash runs no script).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineScript, inlineScriptHashes, inlineScripts } from './inline-scripts.mjs';

const retryFile = fileURLToPath(new URL('../src/inline/island-retry.js', import.meta.url));
const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inline scripts', () => {
  it('inline the island retry minified, with its message and behaviour words intact', () => {
    const source = readFileSync(retryFile, 'utf8');
    const inlined = inlineScript(retryFile);
    expect(inlined.length).toBeLessThan(source.length / 2);
    expect(inlined).not.toContain('//');
    expect(inlined).toContain("This part of the page didn't load. Check your connection, then try again.");
    expect(inlined).toContain('astro:hydration-error');
    expect(() => new Function(inlined)).not.toThrow();
  });

  it('hash the very text the layouts import', () => {
    const plugin = inlineScripts();
    const module = plugin.load(`${retryFile}?raw`) as string;
    const text = JSON.parse(module.replace(/^export default /, '').replace(/;$/, '')) as string;
    expect(text).toBe(inlineScript(retryFile));
    expect(inlineScriptHashes()).toContain(hash(text));
    expect(plugin.load(retryFile)).toBeNull(); // only `?raw` imports
  });
});
