// Writes public/tiles/sample.pmtiles: a tiny PMTiles v3 archive of hand-made vector tiles around
// Warren, PA (land, two highways crossing at the locator's default centre, a minor road), in the
// layers and kinds of the Protomaps basemap schema. It stands in for the operator's real extract of
// PA, NY and OH (docs/operations.md, "Stores (locator)") so the browser tests can check that the map reads tiles from
// our own origin by byte ranges and draws roads from them: node scripts/make-sample-pmtiles.mjs
// The format (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte header,
// the root directory, the metadata JSON and the tile data, uncompressed, tiles in tile-id order.
import { writeFileSync } from 'node:fs';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';

const CENTER = { lat: 41.9891, lng: -79.1131 }; // DEFAULT_CENTER of src/features/locator/locator.ts
const BOUNDS = { west: -80.2, south: 41.4, east: -78.0, north: 42.6 };
const MAX_ZOOM = 9;
const out = new URL('../public/tiles/sample.pmtiles', import.meta.url);

const line = (coordinates, properties) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'LineString', coordinates },
});
const layers = {
  earth: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { kind: 'earth' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [BOUNDS.west, BOUNDS.south],
              [BOUNDS.east, BOUNDS.south],
              [BOUNDS.east, BOUNDS.north],
              [BOUNDS.west, BOUNDS.north],
              [BOUNDS.west, BOUNDS.south],
            ],
          ],
        },
      },
    ],
  },
  roads: {
    type: 'FeatureCollection',
    features: [
      line(
        [
          [BOUNDS.west, CENTER.lat],
          [BOUNDS.east, CENTER.lat],
        ],
        { kind: 'highway', kind_detail: 'motorway', name: 'Sample Highway East-West' },
      ),
      line(
        [
          [CENTER.lng, BOUNDS.south],
          [CENTER.lng, BOUNDS.north],
        ],
        { kind: 'highway', kind_detail: 'motorway', name: 'Sample Highway North-South' },
      ),
      line(
        [
          [CENTER.lng - 0.3, CENTER.lat - 0.2],
          [CENTER.lng + 0.3, CENTER.lat + 0.2],
        ],
        { kind: 'minor_road', kind_detail: 'residential', name: 'Sample Street' },
      ),
    ],
  },
};
const indexes = Object.fromEntries(
  Object.entries(layers).map(([name, data]) => [
    name,
    new GeoJSONVT(data, { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, buffer: 64 }),
  ]),
);

const lngToX = (lng, z) => Math.floor(((lng + 180) / 360) * 2 ** z);
const latToY = (lat, z) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

const tiles = [];
for (let z = 0; z <= MAX_ZOOM; z++)
  for (let x = lngToX(BOUNDS.west, z); x <= lngToX(BOUNDS.east, z); x++)
    for (let y = latToY(BOUNDS.north, z); y <= latToY(BOUNDS.south, z); y++) {
      const parts = {};
      for (const [name, index] of Object.entries(indexes)) {
        const tile = index.getTile(z, x, y);
        if (tile && tile.features.length > 0) parts[name] = tile;
      }
      if (Object.keys(parts).length > 0)
        tiles.push({ id: zxyToTileId(z, x, y), data: fromGeojsonVt(parts, { version: 2 }) });
    }
tiles.sort((a, b) => a.id - b.id);

const varints = [];
const varint = (value) => {
  let n = value;
  while (n >= 0x80) {
    varints.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  varints.push(n);
};
let offset = 0;
const entries = tiles.map((tile) => {
  const entry = { id: tile.id, offset, length: tile.data.length };
  offset += tile.data.length;
  return entry;
});
varint(entries.length);
let last = 0;
for (const entry of entries) {
  varint(entry.id - last);
  last = entry.id;
}
for (const _ of entries) varint(1); // run lengths
for (const entry of entries) varint(entry.length);
// Offsets: 0 means right after the previous tile (every tile here), else the offset plus one.
for (const [i, entry] of entries.entries()) varint(i > 0 ? 0 : entry.offset + 1);
const directory = Uint8Array.from(varints);
const metadata = new TextEncoder().encode(
  JSON.stringify({
    name: 'Kwik Fill sample extract',
    description: 'Hand-made sample tiles for tests',
    attribution: 'sample data',
  }),
);
const tileData = Buffer.concat(tiles.map((tile) => tile.data));

const header = Buffer.alloc(127);
header.write('PMTiles', 0, 'ascii');
header.writeUInt8(3, 7);
const u64 = (at, value) => header.writeBigUInt64LE(BigInt(value), at);
u64(8, 127); // root directory
u64(16, directory.length);
u64(24, 127 + directory.length); // metadata
u64(32, metadata.length);
u64(40, 0); // no leaf directories
u64(48, 0);
u64(56, 127 + directory.length + metadata.length); // tile data
u64(64, tileData.length);
u64(72, tiles.length); // addressed tiles, tile entries, tile contents
u64(80, tiles.length);
u64(88, tiles.length);
header.writeUInt8(1, 96); // clustered
header.writeUInt8(1, 97); // internal compression: none
header.writeUInt8(1, 98); // tile compression: none
header.writeUInt8(1, 99); // tile type: MVT
header.writeUInt8(0, 100);
header.writeUInt8(MAX_ZOOM, 101);
const e7 = (at, value) => header.writeInt32LE(Math.round(value * 1e7), at);
e7(102, BOUNDS.west);
e7(106, BOUNDS.south);
e7(110, BOUNDS.east);
e7(114, BOUNDS.north);
header.writeUInt8(MAX_ZOOM, 118);
e7(119, CENTER.lng);
e7(123, CENTER.lat);

writeFileSync(out, Buffer.concat([header, directory, metadata, tileData]));
console.log(
  `wrote ${tiles.length} tiles (${127 + directory.length + metadata.length + tileData.length} bytes) to ${out.pathname}`,
);
