// Every feature's sample data, in the order it is seeded (a later seeder may rely on an earlier
// one's rows). A feature adds one line for its `<feature>.seed.ts`; `npm run seed` (scripts/seed.ts)
// hands this list to the platform's runner, src/server/db/seed.ts.
import type { Seeders } from '../server/db/seed.ts';
import { seedAccount } from './account/account.seed.ts';
import { seedGiveaway } from './giveaway/giveaway.seed.ts';
import { seedStores } from './locator/locator.seed.ts';
import { seedOffers } from './offers/offers.seed.ts';

export const seeders: Seeders = {
  account: seedAccount,
  giveaway: seedGiveaway,
  offers: seedOffers,
  stores: seedStores,
};
