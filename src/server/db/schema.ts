// Table types for Kysely. Ids are text generated in code; times are epoch milliseconds (bigint
// columns, read back as numbers on both databases). Later features add their tables here.
import type { Generated } from 'kysely';

/** A column with a database default (''): optional when inserting. */
type Defaulted = Generated<string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: Defaulted;
  last_name: Defaulted;
  phone: Defaulted;
  address_1: Defaulted;
  address_2: Defaulted;
  city: Defaulted;
  state: Defaulted;
  zip: Defaulted;
  vip_registration_number: Defaulted;
  vip_secondary_number: Defaulted;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailingListMembersTable {
  id: string;
  email: string;
  list: string;
  source: string;
  first_name: Defaulted;
  last_name: Defaulted;
  created_at: number;
}

export interface RateLimitHitsTable {
  id: string;
  key: string;
  at: number;
}

/** Hashes of single-use human-check tokens already accepted, kept until they would expire anyway. */
export interface UsedTokensTable {
  token_hash: string;
  expires_at: number;
}

/** A store of the locator (SPEC 3); the API answers it in SPEC's s* shape (features/locator). */
export interface StoresTable {
  id: string;
  store_number: string;
  addr1: string;
  addr2: Defaulted;
  city: string;
  state: string;
  zip: string;
  phone: Defaulted;
  lat: number;
  lon: number;
  /** JSON array of feature labels. */
  features: Defaulted;
  gas_price: string | null;
  gas_price_at: number | null;
  diesel_price: string | null;
  diesel_price_at: number | null;
  hours: Defaulted;
  time_zone: Defaulted;
  sample: Generated<number>;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  mailing_list_members: MailingListMembersTable;
  rate_limit_hits: RateLimitHitsTable;
  used_tokens: UsedTokensTable;
  stores: StoresTable;
}
