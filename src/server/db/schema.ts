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
  /** The mailbox key (src/lib/mailbox.ts), unique; null only on later duplicates made before migration 0019. */
  mailbox: string | null;
  /** When the address proved itself by a link sent to it (confirmation or reset); null until then. */
  email_verified_at: number | null;
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

export interface EmailConfirmationsTable {
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

/** Rate-limit hits (src/server/rate-limit.ts): how many a key had in one millisecond. */
export interface RateLimitCountsTable {
  key: string;
  at: number;
  hits: number;
}

/** Hashes of single-use human-check tokens already accepted, kept until they would expire anyway. */
export interface UsedTokensTable {
  token_hash: string;
  expires_at: number;
}

/** A store of the locator (product.md 3); the API answers it in product.md's s* shape (features/locator). */
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

export interface PromotionsTable {
  id: string;
  title: string;
  hero_text: Defaulted;
  image_url: Defaulted;
  prize: string;
  prize_value_cents: number;
  winners_count: Generated<number>;
  /** New York calendar dates, YYYY-MM-DD, both inclusive. */
  starts_on: string;
  ends_on: string;
  draw_on: string;
  rules: Defaulted;
  active: Generated<number>;
  show_full_last_name: Generated<number>;
  /** Days a potential winner has to confirm by the mailed link (migration 0020). */
  confirm_days: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface GiveawayEntriesTable {
  id: string;
  promotion_id: string;
  /** The mailbox of the email (mailboxOf, src/lib/mailbox.ts): one person, however they spell it. */
  person_key: string;
  /** The New York calendar date of the entry, YYYY-MM-DD. */
  entry_day: string;
  user_id: string | null;
  /** The member's account, kept for the once-a-day-per-account key (migration 0017); null for guests. */
  member_id: string | null;
  /** The mailbox of the member's own account at entry time (migration 0020); null for guests. */
  account_key: Generated<string | null>;
  first_name: string;
  last_name: string;
  address_1: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  created_at: number;
}

export interface DrawsTable {
  id: string;
  promotion_id: string;
  entry_day: string | null;
  winners_wanted: number;
  eligible_count: number;
  entries_digest: string;
  seed_hash: string;
  seed: string | null;
  committed_at: number;
  drawn_at: number | null;
  /** 1: one winner per mailbox (person_key); 2: per mailbox and per account, the account in the digest. */
  method: Generated<number>;
  /** The entries the operator excluded as suspected duplicates: a JSON array of ids, or null. */
  excluded_ids: string | null;
  /** An alternate draw: the winner ids whose prize it takes over (a JSON array), else null. */
  replaces: Generated<string | null>;
}

export interface WinnersTable {
  id: string;
  draw_id: string;
  promotion_id: string;
  entry_id: string;
  /** The winning entry's person_key: its mailbox (mailboxOf). */
  person_key: string;
  position: number;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  prize: string;
  created_at: number;
  /** SHA-256 of the confirmation link's token; cleared once used (migration 0020). */
  confirm_token_hash: Generated<string | null>;
  /** The confirmation deadline (ms); null for winners drawn before confirmation existed. */
  confirm_by: Generated<number | null>;
  confirmed_at: Generated<number | null>;
  declined_at: Generated<number | null>;
  /** The alternate draw that took this prize over. */
  replaced_by: Generated<string | null>;
}

/** Every key one giveaway entry stands for, unique per promotion and day (migration 0020). */
export interface GiveawayEntryKeysTable {
  promotion_id: string;
  entry_day: string;
  /** One person the entry stands for: 'mailbox:' + a mailbox (mailboxOf), or 'account:' + an account id. */
  person: string;
  entry_id: string;
}

export interface ContactMessagesTable {
  id: string;
  /** Quoted to the sender in the acknowledgement, e.g. KF-7Q2M-9XHD. */
  reference: string;
  department: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: Defaulted;
  city: Defaulted;
  state: Defaulted;
  zip: Defaulted;
  subject: string;
  message: string;
  /** JSON object of the department's extra fields. */
  extra_data: Defaulted;
  ip: string | null;
  user_id: string | null;
  created_at: number;
  handled_at: number | null;
  department_mailed_at: number | null;
  ack_mailed_at: number | null;
  /** Set when the address had its acknowledgements for the day: none is owed (migration 0016). */
  ack_withheld_at: number | null;
}

export interface OffersTable {
  id: string;
  title: string;
  description: string;
  /** As shown on the card: '$1.99', '2 for $5'. */
  price: string;
  /** Site path of the image, e.g. /media/offers/coffee.svg. */
  image: string;
  category: string;
  /** First and last day (YYYY-MM-DD, store time) the offer runs. */
  starts_on: string;
  ends_on: string;
  display_order: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Applications (migration 0005): `payload`, `meta` and `content` are sealed (AES-256-GCM). */
export interface ApplicationsTable {
  id: string;
  kind: string;
  reference: string;
  created_at: number;
  /** Applicant's or business's name: the only applicant data in clear. */
  summary: string;
  key_id: string;
  payload: string;
}

export interface ApplicationFilesTable {
  id: string;
  application_id: string;
  key_id: string;
  meta: string;
  content: string;
}

/** Real-user speed samples (src/features/vitals): nothing that identifies the visitor. */
export interface VitalsTable {
  id: string;
  path: string;
  name: string;
  value: number;
  rating: string;
  device: string;
  created_at: number;
}

/** Settings operators change at run time (src/server/maintenance/state.ts: 'maintenance' = since, epoch ms). */
export interface SiteSettingsTable {
  name: string;
  value: string;
  updated_at: number;
}

/** One-time operator passes for the maintenance switch; only the SHA-256 of the token is kept. */
export interface OperatorPassesTable {
  token_hash: string;
  expires_at: number;
  created_at: number;
}

/** The durable queue of mail and deferred jobs (src/server/jobs/queue.ts). */
export interface JobsTable {
  id: string;
  /** 'mail', or a handler's name (src/server/jobs/worker.ts). */
  kind: string;
  /** The job's input as JSON; '{}' once it is done (a mail's text, a reset link, is not kept). */
  payload: string;
  /** What operators see in `mail list`: a mail's subject and masked address. */
  summary: string;
  /** At most one job per key (a day's retention run, say); null for most. */
  unique_key: string | null;
  status: 'queued' | 'done' | 'failed';
  attempts: Generated<number>;
  /** Not tried before this (backoff after a failure). */
  run_after: number;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Named locks with an end: whoever holds an unexpired row holds the lock (src/server/jobs/lease.ts). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/**
 * The first answer to a request sent with an Idempotency-Key (src/server/idempotency.ts): in flight
 * (status null, until locked_until) or done (status and the sealed answer), kept until expires_at.
 */
export interface IdempotencyKeysTable {
  key_hash: string;
  fingerprint: string | null;
  status: number | null;
  answer: string | null;
  locked_until: number;
  expires_at: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  mailing_list_members: MailingListMembersTable;
  rate_limit_counts: RateLimitCountsTable;
  used_tokens: UsedTokensTable;
  stores: StoresTable;
  promotions: PromotionsTable;
  giveaway_entries: GiveawayEntriesTable;
  giveaway_entry_keys: GiveawayEntryKeysTable;
  draws: DrawsTable;
  winners: WinnersTable;
  contact_messages: ContactMessagesTable;
  offers: OffersTable;
  applications: ApplicationsTable;
  application_files: ApplicationFilesTable;
  vitals: VitalsTable;
  site_settings: SiteSettingsTable;
  operator_passes: OperatorPassesTable;
  jobs: JobsTable;
  leases: LeasesTable;
  idempotency_keys: IdempotencyKeysTable;
}
