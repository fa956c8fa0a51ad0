// The inlined scripts are the readable files of src/inline/ minified, and the CSP hashes are the
// hashes of exactly that text (a page whose inline script differs from its hash runs no script).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineScript, inlineScriptHashes, inlineScripts } from './inline-scripts.mjs';

const guardFile = fileURLToPath(new URL('../src/inline/island-guard.js', import.meta.url));
const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inline scripts', () => {
  it('inline the island guard minified, with its message and behaviour words intact', () => {
    const source = readFileSync(guardFile, 'utf8');
    const inlined = inlineScript(guardFile);
    expect(inlined.length).toBeLessThan(source.length / 2);
    expect(inlined).not.toContain('//');
    expect(inlined).toContain("This part of the page didn't load. Check your connection, then try again.");
    expect(inlined).toContain('astro:hydration-error');
    expect(() => new Function(inlined)).not.toThrow();
  });

  it('hash the very text the layouts import', () => {
    const plugin = inlineScripts();
    const module = plugin.load(`${guardFile}?raw`) as string;
    const text = JSON.parse(module.replace(/^export default /, '').replace(/;$/, '')) as string;
    expect(text).toBe(inlineScript(guardFile));
    expect(inlineScriptHashes()).toContain(hash(text));
    expect(plugin.load(guardFile)).toBeNull(); // only `?raw` imports
  });
});
