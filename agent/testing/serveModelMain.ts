import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { initServingRuntime, loadServingModel, rawOutputsFinite } from '../loadServingModel';
import { startLocalServer } from '../localServer';
import { createServingMetrics } from '../servingMetrics';

/*
 * The serving half of the agent alone (no server, no control loop): serves one model zip on the
 * local endpoint and prints `{ url, backend }` as one JSON line. The build test bundles it to prove
 * the single file carries everything serving needs, on wasm.
 */
const { values } = parseArgs({
  options: { model: { type: 'string' }, port: { type: 'string', default: '0' }, 'data-dir': { type: 'string' } },
});
if (!values.model) throw new Error('--model <zip> is required');
const backend = await initServingRuntime(values['data-dir']);
const zip = new Uint8Array(readFileSync(values.model));
const version = createHash('sha256').update(zip).digest('hex');
const model = await loadServingModel(zip, { modelId: 'model', version });
if (!(await rawOutputsFinite(model))) throw new Error('the model gives non-finite outputs');
const server = await startLocalServer({
  port: Number(values.port),
  current: () => model,
  metrics: createServingMetrics(),
});
console.log(JSON.stringify({ url: server.url, backend }));
