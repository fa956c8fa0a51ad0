// The message of a part that did not load is the island retry's, word for word, with product.md 8's text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHUNK_FAILED_MESSAGE, chunkFailedText } from './LazyPart.tsx';

describe('chunk failure texts', () => {
  const retry = readFileSync(new URL('../../inline/island-retry.js', import.meta.url), 'utf8');

  it('match the inline island retry', () => {
    expect(retry).toContain(JSON.stringify(CHUNK_FAILED_MESSAGE));
    // The retry's template literal, as written in the file.
    expect(retry).toContain(['`Loading chunk ', '{name} failed.\\n(', '{reason}: '].join('$'));
  });

  it("say product.md 8's 'Loading chunk {id} failed' with the reason", () => {
    expect(chunkFailedText('StoreMap', 'error: /_astro/StoreMap.js')).toBe(
      'Loading chunk StoreMap failed.\n(error: /_astro/StoreMap.js)',
    );
  });
});
