// `npm run admin -- cdn purge <tags...>`: purges cache tags at the CDN by hand (after a failed
// automatic purge, or after a deploy of the Node server behind a CDN: docs/caching.md).
import { type Command, Option } from 'commander';
import { CACHE_TAGS, type CacheTag } from '../lib/cache-policy.ts';
import { purgeAfterChange } from './cdn-purge.ts';
import { action } from './cli.ts';

export function registerCdnCommands(program: Command): void {
  program
    .command('cdn')
    .description('the CDN in front of the site (docs/caching.md)')
    .command('purge')
    .description(
      'drop every answer tagged with these tags at the CDN (NETLIFY_PURGE_TOKEN, PURGE_WEBHOOK_URL or VARNISH_PURGE_URL)',
    )
    .addOption(new Option('--all', 'every tag'))
    .argument('[tags...]', `any of: ${CACHE_TAGS.join(', ')}`)
    .action(
      action(async (tags: string[], options: { all?: boolean }) => {
        const chosen = options.all ? CACHE_TAGS : tags;
        const unknown = chosen.filter((tag) => !(CACHE_TAGS as readonly string[]).includes(tag));
        if (unknown.length || chosen.length === 0) {
          console.error(`error: name tags among ${CACHE_TAGS.join(', ')} (or --all)`);
          process.exitCode = 2;
          return;
        }
        await purgeAfterChange(chosen as CacheTag[], process.env, {
          quietWhenNotConfigured: false,
          waitForServers: false,
        });
      }),
    );
}
