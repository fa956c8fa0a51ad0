// Before a draw: the suspected duplicates among the eligible entries (duplicates.server.ts) listed for
// the operator, and the entries to leave out as the operator said (none is left out unasked).
import { CliError } from '../../server/cli.ts';
import type { AppDeps } from '../../server/deps.ts';
import { linkedToWinners } from './alternates.server.ts';
import { eligibleEntries } from './draws.server.ts';
import { laterDuplicates, suspectedDuplicates } from './duplicates.server.ts';
import type { PromotionRow } from './promotions.server.ts';

export interface DuplicateChoice {
  excludeDuplicates?: boolean;
  exclude?: string;
  keepDuplicates?: boolean;
}

/**
 * Lists the suspected duplicates among the eligible entries and returns the entries to exclude, as
 * the operator said; with suspects and no word from the operator, stops before anything is recorded.
 */
export async function chooseExclusions(
  deps: AppDeps,
  promotion: PromotionRow,
  day: string | null,
  choice: DuplicateChoice,
): Promise<string[]> {
  const entries = await eligibleEntries(deps, promotion.id, day);
  const groups = suspectedDuplicates(entries);
  if (groups.length > 0) {
    console.log(
      `${groups.length} group(s) of suspected duplicates (same day; same phone, or same address and last name):`,
    );
    for (const [index, group] of groups.entries()) {
      console.log(`  group ${index + 1}, ${group[0]?.entry_day}:`);
      for (const entry of group) {
        console.log(
          `    entry ${entry.id}  ${entry.person_key}  ${entry.phone}  ${entry.address_1} ${entry.zip}  ${entry.last_name}`,
        );
      }
    }
  } else console.log('no suspected duplicates');
  const named = namedEntries(choice.exclude);
  const eligible = new Set(entries.map((entry) => entry.id));
  const unknown = named.filter((id) => !eligible.has(id));
  if (unknown.length > 0)
    throw new CliError(`--exclude names entries that are not eligible: ${unknown.join(', ')}`);
  if (choice.excludeDuplicates && choice.keepDuplicates)
    throw new CliError('choose one of --exclude-duplicates and --keep-duplicates');
  // Nobody wins twice: whoever is linked to a winner of an earlier draw of this promotion is out.
  const earlier = await linkedToWinners(deps, promotion.id, day);
  if (earlier.length > 0)
    console.log(`${earlier.length} entry(ies) linked to earlier winners, left out: ${earlier.join(', ')}`);
  const excluded = new Set([
    ...named,
    ...earlier,
    ...(choice.excludeDuplicates ? laterDuplicates(groups) : []),
  ]);
  if (groups.length > 0 && !choice.excludeDuplicates && !choice.keepDuplicates && named.length === 0) {
    throw new CliError(
      'nothing drawn: decide about the suspected duplicates above and run again with --exclude-duplicates (keeps the first entry of each group), --exclude <entry ids> or --keep-duplicates',
    );
  }
  return [...excluded].sort();
}

/** Entry ids of an `--exclude` option: separated by commas, blanks ignored. */
export const namedEntries = (option: string | undefined): string[] =>
  (option ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
