// Reads a file under content/ as the build does: YAML parsed, then checked by its collection's schema
// (src/content-schemas.ts). For unit tests of modules that draw that content.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { parse } from 'yaml';

export const readContent = <S extends z.ZodType>(file: string, schema: S): z.infer<S> =>
  schema.parse(parse(readFileSync(join(import.meta.dirname, '../../content', file), 'utf8')));
