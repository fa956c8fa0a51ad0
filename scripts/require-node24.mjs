// Every npm script starts here. npm itself may run on the machine's older Node (20), and a
// `npm ci --ignore-scripts` leaves no pinned Node binary behind, in which case scripts would
// quietly run on the old one. Fail loudly instead.
import { pathToFileURL } from 'node:url';

export const MIN_MAJOR = 24;

/** True when a Node version string (e.g. '20.20.2') is older than the project needs. */
export const tooOld = (version) => Number(version.split('.')[0]) < MIN_MAJOR;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && tooOld(process.versions.node)) {
  console.error(
    `\nThis project needs Node ${MIN_MAJOR} or newer, but this script runs on Node ${process.versions.node}.\n` +
      'The pinned Node comes from the `node` devDependency: run `npm ci` (with install scripts\n' +
      'allowed) so that node_modules/.bin/node exists, then run the command through npm again.\n',
  );
  process.exit(1);
}
