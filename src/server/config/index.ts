// The server's settings, one entry point for every reader (docs/operations.md, Configuration). By concern:
// - schema.ts: every variable, its type, default and meaning (a new setting starts there), parseEnv;
// - rules.ts: the mistakes between settings and ConfigError;
// - settings.ts: Config and loadConfig, which reads them and changes nothing;
// - start-files.ts: what the start makes of them (folders, the generated secret), prepareFiles;
// - warnings.ts: what the start warns about.
// Why the effects left loadConfig: docs/decisions/0023-settings-are-only-settings.md.
export { ConfigError } from './rules.ts';
export { APPLICATION_KEY_FILE_NAME, parseEnv, setting } from './schema.ts';
export { type Config, loadConfig, type Settings } from './settings.ts';
export { prepareFiles } from './start-files.ts';
export { warnAboutConfig } from './warnings.ts';
