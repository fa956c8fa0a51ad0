// Importing offers from a CSV or JSON file (operators, `npm run admin -- offers import`): the shared
// row importer checks every row first and reports every problem by row; an image named by file is
// checked (size, and by its content: a raster image of the type its name says; never SVG, which can
// hold scripts) and copied to the site's media folder; a site path must name a file right in
// /media/offers/ once normalised. Then all offers are written in one
// transaction: either the whole file is imported or nothing is. Rows with an existing id replace
// that offer.
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, extname, join, posix, resolve } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import * as v from 'valibot';
import type { AppDeps } from '../../server/deps.ts';
import { type RowFileSpec, readRowFile } from '../../server/import-rows.ts';
import { type OfferInput, offerInputSchema } from './offers.ts';

/**
 * What an imported image may be, by its name and, read by file-type, by its content. No SVG: an SVG
 * is a document that can carry scripts, and offers are photos (docs/threat-model.md, "Imports").
 */
const RASTER_TYPES: Record<string, string> = {
  '.webp': 'webp',
  '.avif': 'avif',
  '.png': 'png',
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
};
export const IMAGE_TYPES = Object.keys(RASTER_TYPES);
/** A site path may also name the project's own artwork, committed with the code (the sample offers). */
const SITE_IMAGE_TYPES = [...IMAGE_TYPES, '.svg'];
/** Offers are looked at on phones over slow connections: a card image must stay small. */
export const MAX_IMAGE_BYTES = 200 * 1024;
export const MEDIA_PATH = '/media/offers/';

export interface ImportOptions {
  file: string;
  /** Folder of the image files the rows name (default: the file's own folder). */
  imagesDir?: string;
  /** Folders the images are copied into, e.g. public/media/offers and the built site's copy. */
  mediaDirs: string[];
  dryRun: boolean;
}

export interface ImportResult {
  created: number;
  updated: number;
  images: number;
  errors: string[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);

interface Planned {
  offer: OfferInput & { id: string; image: string };
  copy?: { from: string; name: string };
}

/**
 * A path on the site, as a browser would resolve it (percent-decoding, dot segments): only a file
 * right in /media/offers/ passes, so `/media/offers/../../x`, `%2e%2e`, backslashes (which some
 * browsers read as slashes) and doubled slashes are refused, not resolved to somewhere else.
 */
function sitePath(image: string): string {
  const refused = `image "${image}" must be a file right in ${MEDIA_PATH}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(image);
  } catch {
    return refused;
  }
  const name = decoded.slice(MEDIA_PATH.length);
  if (decoded.includes('\\') || posix.normalize(decoded) !== decoded || !decoded.startsWith(MEDIA_PATH))
    return refused;
  if (name === '' || name.includes('/') || name.startsWith('.')) return refused;
  if (!SITE_IMAGE_TYPES.includes(extname(name).toLowerCase()))
    return `image "${image}" must be one of ${SITE_IMAGE_TYPES.join(', ')}`;
  return '';
}

async function planImage(
  image: string,
  imagesDir: string,
): Promise<{ path: string; copy?: Planned['copy'] } | string> {
  if (image.startsWith('/')) return sitePath(image) || { path: image }; // already on the site
  if (image.includes('/') || image.includes('\\') || image.startsWith('.'))
    return `image "${image}" must be a file name in the images folder or a path under ${MEDIA_PATH}`;
  const ext = extname(image).toLowerCase();
  const type = RASTER_TYPES[ext];
  if (!type) return `image "${image}" must be one of ${IMAGE_TYPES.join(', ')}`;
  const from = join(imagesDir, image);
  const info = await stat(from).catch(() => undefined);
  if (!info?.isFile()) return `image "${image}" was not found in ${imagesDir}`;
  if (info.size > MAX_IMAGE_BYTES)
    return `image "${image}" is ${Math.ceil(info.size / 1024)} KB; at most ${MAX_IMAGE_BYTES / 1024} KB (optimise it first)`;
  // By content, whatever the name says: an SVG or a page renamed .png is refused here.
  const found = await fileTypeFromFile(from).catch(() => undefined);
  if (found?.ext !== type)
    return `image "${image}" is not a ${type.toUpperCase()} image by its content (${found ? `it holds ${found.ext.toUpperCase()}` : 'not an image file type'})`;
  return { path: `${MEDIA_PATH}${image}`, copy: { from, name: image } };
}

/** An offer row with its id: the one given, or one made of the title and the start date. */
const offerRow = v.pipe(
  offerInputSchema,
  v.transform((offer) => ({ ...offer, id: offer.id ?? `${slug(offer.title)}-${offer.starts_on}` })),
);

/** Offer files: rows named 'row 1' (the first data row), no id twice, every image found and small. */
const offerFile = (imagesDir: string): RowFileSpec<typeof offerRow, Planned> => ({
  schema: offerRow,
  notAList: 'A JSON file must hold an array of offers',
  label: ({ index }) => `row ${index}`,
  unique: { key: (offer) => offer.id, message: (id) => `id "${id}" appears twice in the file` },
  refine: async (offer) => {
    const image = await planImage(offer.image, imagesDir);
    if (typeof image === 'string') return { reason: image };
    return { row: { offer: { ...offer, image: image.path }, copy: image.copy } };
  },
});

const refused = (errors: string[]): ImportResult => ({ created: 0, updated: 0, images: 0, errors });

export async function importOffers(deps: AppDeps, options: ImportOptions): Promise<ImportResult> {
  const file = resolve(options.file);
  const read = await readRowFile(file, offerFile(resolve(options.imagesDir ?? join(file, '..'))));
  switch (read.status) {
    case 'unreadable':
    case 'malformed':
      return refused([`the file could not be read: ${read.reason}`]);
    case 'empty':
      return refused(['the file holds no offers']);
    case 'invalid':
      return refused(read.errors);
  }
  const plan = read.rows;
  const existing = new Set((await deps.db.selectFrom('offers').select('id').execute()).map((r) => r.id));
  const updated = plan.filter((p) => existing.has(p.offer.id)).length;
  const copies = plan.flatMap((p) => (p.copy ? [p.copy] : []));
  const result = { created: plan.length - updated, updated, images: copies.length, errors: [] };
  if (options.dryRun) return result;

  // Images first (a failed write leaves the database untouched), removed again if the write fails.
  const written: string[] = [];
  try {
    for (const dir of options.mediaDirs) {
      await mkdir(dir, { recursive: true });
      for (const copy of copies) {
        const target = join(dir, basename(copy.name));
        if (!(await stat(target).catch(() => undefined))) written.push(target);
        await copyFile(copy.from, target);
      }
    }
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      for (const { offer } of plan) {
        const values = { ...offer, updated_at: now };
        if (existing.has(offer.id))
          await trx.updateTable('offers').set(values).where('id', '=', offer.id).execute();
        else
          await trx
            .insertInto('offers')
            .values({ ...values, created_at: now })
            .execute();
      }
    });
  } catch (error) {
    for (const target of written) await rm(target, { force: true });
    throw error;
  }
  return result;
}
