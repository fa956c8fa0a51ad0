// Netlify's edge bundler reads each edge function's `config` in a Deno step whose script starts with
// `import { type NetlifyGlobal } from 'https://edge.netlify.com/bootstrap/globals/types.ts'`: a type
// only, but Deno fetches the module all the same. netlify/deno/import-map.json sends that address
// here, so the step needs no network (tests/unit/netlify-runtime.test.ts runs `netlify serve --offline`
// with none). The shape of Netlify's own declaration, for the reader; nothing checks it against ours.
// docs/decisions/0006-netlify-deploy.md.
export interface NetlifyGlobal {
  context: unknown;
  env: {
    delete(key: string): void;
    get(key: string): string | undefined;
    has(key: string): boolean;
    set(key: string, value: string): void;
    toObject(): Record<string, string>;
  };
}
