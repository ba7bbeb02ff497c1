// `npm run bench`: runs every `bench:<name>` script of package.json in turn.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const names = Object.keys(scripts).filter((s) => s.startsWith('bench:'));
let failed = 0;
for (const name of names) {
  console.log(`\n› npm run ${name}`);
  const r = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
