import { readFileSync, writeFileSync } from 'node:fs';
import { damageModelZip } from '../agent/damageModelZip';

/*
 * `npm run model:damage -- in.zip out.zip`: writes a copy of a model zip that passes the upload
 * check but gives non-finite outputs (agent/damageModelZip.ts), to rehearse an edge rollback.
 */

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: npm run model:damage -- in.zip out.zip');
  process.exit(2);
}
try {
  writeFileSync(output, damageModelZip(new Uint8Array(readFileSync(input))));
} catch (error) {
  console.error(`cannot damage ${input}: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`wrote ${output}: same structure, non-finite outputs (the edge agent's warm-up refuses it)`);
