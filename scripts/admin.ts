// `npm run admin -- <command> [options]`: the operators' commands (promotions and draws, store and
// offer imports, contact messages, applications, backups), gathered in scripts/admin-commands.ts.
// `npm run admin -- --help` lists them all; `npm run admin -- <command> --help` explains one.
import { adminProgram } from './admin-commands.ts';

const program = adminProgram();
if (process.argv.length <= 2) program.help();
await program.parseAsync(process.argv);
