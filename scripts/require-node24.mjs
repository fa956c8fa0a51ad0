// Every npm script starts here. npm itself may run on the machine's older Node (20), and a
// `npm ci --ignore-scripts` leaves no pinned Node binary behind, in which case scripts would
// quietly run on the old one. Fail loudly instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\nThis project needs Node 24 or newer, but this script runs on Node ${process.versions.node}.\n` +
      'The pinned Node comes from the `node` devDependency: run `npm ci` (with install scripts\n' +
      'allowed) so that node_modules/.bin/node exists, then run the command through npm again.\n',
  );
  process.exit(1);
}
