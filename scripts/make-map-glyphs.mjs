// Renders the offline map's label font (product.md 2.9): MapLibre draws text from signed-distance-field
// glyphs in PBF files (`glyphs` in a style), and none may come from a third party. This renders the
// Latin-1 range (0-255: every town name of PA, NY and OH) of a system font with @mapbox/tiny-sdf in
// the system Chromium, as MapLibre itself renders local glyphs, and writes it as the one font stack
// `local-sans` to public/map/glyphs/local-sans/0-255.pbf. Run again only to change the font:
//   node scripts/make-map-glyphs.mjs   (needs /usr/bin/chromium or CHROMIUM_PATH, and fonts-dejavu-core)
// DejaVu Sans is free to use and redistribute (Bitstream Vera licence with DejaVu's public-domain changes).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { PbfWriter } from 'pbf';

const FONT = 'DejaVu Sans';
const STACK = 'local-sans';
const out = new URL(`../public/map/glyphs/${STACK}/0-255.pbf`, import.meta.url);
const tinySdf = readFileSync(new URL('../node_modules/@mapbox/tiny-sdf/index.js', import.meta.url), 'utf8');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.setContent(`<p style="font-family:'${FONT}'">${FONT}</p>`);
await page.evaluate(() => document.fonts.ready);
const glyphs = await page.evaluate(
  async ({ source, font }) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const { default: TinySDF } = await import(url);
    // MapLibre's sizes for server glyphs: 24 px, a 3 px buffer, radius 8, cutoff 0.25.
    const sdf = new TinySDF({ fontSize: 24, buffer: 3, radius: 8, cutoff: 0.25, fontFamily: font });
    const all = [];
    for (let id = 32; id < 256; id++) {
      if (id >= 127 && id < 160) continue; // control characters
      const glyph = sdf.draw(String.fromCharCode(id));
      all.push({ id, ...glyph, data: Array.from(glyph.data) });
    }
    return all;
  },
  { source: tinySdf, font: FONT },
);
await browser.close();

// The glyphs.proto message of MapLibre's font files: glyphs { stacks: fontstack { name, range, glyph* } }.
const pbf = new PbfWriter();
pbf.writeMessage(1, (_, stack) => {
  stack.writeStringField(1, STACK);
  stack.writeStringField(2, '0-255');
  for (const glyph of glyphs)
    stack.writeMessage(3, (_, field) => {
      field.writeVarintField(1, glyph.id);
      if (glyph.glyphWidth > 0) field.writeBytesField(2, Uint8Array.from(glyph.data));
      field.writeVarintField(3, glyph.glyphWidth);
      field.writeVarintField(4, glyph.glyphHeight);
      field.writeSVarintField(5, Math.round(glyph.glyphLeft + 0.5));
      // MapLibre's own offset between tiny-sdf's baseline-relative top and a server glyph's top.
      field.writeSVarintField(6, Math.round(glyph.glyphTop - 27.5));
      field.writeVarintField(7, Math.round(glyph.glyphAdvance));
    });
});
writeFileSync(out, pbf.finish());
console.log(`wrote ${glyphs.length} glyphs of ${FONT} to ${out.pathname}`);
