// Stores of the locator (product.md 3 Store): address, coordinates, features, the two prices with the
// time each was set, and opening hours. Portable SQL: text ids, bigint epoch-ms times, coordinates
// as double precision (REAL affinity on SQLite), features as a JSON array in text.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_number', 'text', (c) => c.notNull().unique())
    .addColumn('addr1', 'text', (c) => c.notNull())
    .addColumn('addr2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    // Prices as decimal text ('3.459'): exactly what the operator loaded, no float rounding.
    .addColumn('gas_price', 'text')
    .addColumn('gas_price_at', 'bigint')
    .addColumn('diesel_price', 'text')
    .addColumn('diesel_price_at', 'bigint')
    // '24 hours', or weekly ranges such as 'Mo-Fr 06:00-22:00; Sa-Su 07:00-21:00' (see hours.ts).
    .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
    // 1 for the generated sample stores; an import of the real list removes them.
    .addColumn('sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stores').execute();
}
