// The setups of bench/entry-scaling.mjs by name, and the budget each server gets in its second
// measurement, for the bench that measures them and bench/targets.mjs that judges them.
export const SETUPS = {
  sqlite: 'one server, SQLite',
  onePostgres: 'one server, PostgreSQL',
  twoPostgres: 'two servers, one PostgreSQL',
};

/**
 * Each server's share of one core in the budgeted rounds (bench/cpu-budget.mjs). Small enough that
 * two servers, PostgreSQL and the load generator fit in this machine's two cores with room to spare:
 * a server uses about 0.5 ms of processor an entry, PostgreSQL and the load generator together about
 * 0.5 (the report's processor table), so two servers at 0.4 each (0.8 of a core: about 1,600 entries
 * a second at most) leave the other two 1.2 cores for the 0.8 they would need.
 */
export const SERVER_CORES = 0.4;
