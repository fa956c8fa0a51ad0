// `npm run check:content`: the checks an editor's change gets before it is merged (content/README.md).
// 1. every file under content/ against its schema, with file:line:column (also run by every build);
// 2. with `--site` (after a build): links, #anchors, alt text, titles and descriptions of the built pages.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { distDir } from '../src/server/http/dist-dir.ts';
import { contentMistakes } from './content-checks/content-files.ts';
import { crawlSite } from './content-checks/site-crawl.ts';

const mistakes = contentMistakes('content');
for (const mistake of mistakes) console.error(mistake);
if (mistakes.length > 0) {
  console.error(`\n${mistakes.length} content mistake(s): see content/README.md, "Checks".`);
  process.exit(1);
}
console.log('content files: every file matches its schema');

if (process.argv.includes('--site')) {
  const client = distDir('client');
  if (!existsSync(client)) {
    console.error(`No build in ${relative('.', client)}: run npm run build first.`);
    process.exit(1);
  }
  const findings = crawlSite(client);
  for (const finding of findings) console.error(`${finding.page}: ${finding.problem}`);
  if (findings.length > 0) {
    console.error(`\n${findings.length} problem(s) in the built pages: see content/README.md, "Checks".`);
    process.exit(1);
  }
  console.log(
    'built pages: every link and anchor resolves, every image has alt text, titles and descriptions fit',
  );
}
