import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AGENT_DEFAULT_PORT, agentEnrolledSchema } from '../contract/apiAgent';
import { activateModel, createServingSlot, localHealthCheck, type ServingSlot } from './activation';
import { AGENT_VERSION, describeRuntime } from './agentRuntime';
import {
  defaultDataDir,
  ensureDataDir,
  normalizeServerUrl,
  planStart,
  readAgentState,
  tokenHashOf,
  writeAgentState,
  type AgentState,
} from './agentState';
import { startHeartbeatLoop, type HeartbeatLoop } from './heartbeatLoop';
import { initServingRuntime, loadServingModel, rawOutputsFinite } from './loadServingModel';
import { startLocalServer, type LocalServer } from './localServer';
import { createModelStore, type ModelStore } from './modelStore';
import { createSelfChecks } from './selfChecks';
import { backoffDelayMs, createServerClient, DeviceRevokedError, RefusedError, sleep } from './serverClient';
import { createServingMetrics } from './servingMetrics';

/*
 * The edge agent's command line. Exit codes: 0 stopped by a signal, 1 could not start (port in
 * use, unreadable model), 2 wrong usage or refused enrolment, 3 the device was revoked.
 */

const USAGE = `maru edge agent ${AGENT_VERSION}

  edge-agent --server URL --token TOKEN [options]   enrol this device and serve what is deployed to it
  edge-agent --server URL [options]                 start again with the stored credential
  edge-agent --model model.zip [options]            serve one model zip, without any server

options:
  --data-dir DIR   credential, models and downloads (default: ~/.maru-edge-agent)
  --host HOST      address of the local endpoint (default: 127.0.0.1; 0.0.0.0 opens it to the network)
  --port PORT      port of the local endpoint (default: ${AGENT_DEFAULT_PORT})
  --name NAME      the device's name shown in the console (default: the host name)
  --version        print the version
  --help           print this help`;

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      'data-dir': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: String(AGENT_DEFAULT_PORT) },
      name: { type: 'string' },
      model: { type: 'string' },
      version: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(2, `${(error as Error).message}\n\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.version) {
  console.log(AGENT_VERSION);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(2, `--port must be a port number, not '${args.port}'`);
if (!args.model && !args.server)
  fail(2, `give --server URL (with --token the first time) or --model model.zip\n\n${USAGE}`);

const dataDir = args['data-dir'] ?? defaultDataDir();
try {
  ensureDataDir(dataDir);
} catch (error) {
  fail(1, `cannot use the data directory ${dataDir}: ${(error as Error).message}`);
}
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stop.signal.aborted) process.exit(0);
    log(`stopping (${signal})`);
    stop.abort();
  });
}

const backend = await initServingRuntime(dataDir).catch((error: unknown) =>
  fail(1, `TensorFlow.js did not start: ${(error as Error).message}`),
);
const runtime = describeRuntime(backend, args.name);
const slot = createServingSlot();
const metrics = createServingMetrics();

async function loadChecked(zip: Uint8Array, modelId: string, version: string) {
  const model = await loadServingModel(zip, { modelId, version });
  if (!(await rawOutputsFinite(model))) {
    model.dispose();
    throw new Error('its warm-up gives non-finite outputs');
  }
  return model;
}

/** At start: the current model, or the previous one when the current does not load. */
async function restoreServing(store: ModelStore, target: ServingSlot): Promise<void> {
  const { current, previous } = store.pointer();
  for (const [which, stored] of [
    ['current', current],
    ['previous', previous],
  ] as const) {
    if (!stored) continue;
    try {
      const zip = new Uint8Array(readFileSync(store.zipPath(stored.version)));
      target.swap(await loadChecked(zip, stored.modelId, stored.version));
      log(`serving ${which} model ${stored.modelId} version ${stored.version.slice(0, 12)}`);
      return;
    } catch (error) {
      log(`the ${which} model ${stored.modelId} does not load: ${(error as Error).message}`);
    }
  }
}

async function listen(
  status?: () => { state: 'idle' | 'downloading' | 'activating' | 'serving' | 'failed'; detail: string | null },
): Promise<LocalServer> {
  try {
    const server = await startLocalServer({ host: args.host, port, current: slot.current, metrics, status });
    log(`local endpoint at ${server.url} (TF.js ${backend})`);
    return server;
  } catch (error) {
    fail(1, `cannot listen on ${args.host}:${port}: ${(error as Error).message}`);
  }
}

async function enrol(server: string, token: string): Promise<AgentState> {
  const client = createServerClient({ server });
  for (let attempt = 0; ; attempt++) {
    try {
      const enrolled = await client.call(
        'POST',
        'api/v1/agent/enrollments',
        { token, runtime },
        agentEnrolledSchema,
        stop.signal,
      );
      if (!enrolled) throw new Error('empty answer');
      const state: AgentState = {
        server,
        deviceId: enrolled.deviceId,
        credential: enrolled.credential,
        pointId: enrolled.pointId,
        pointName: enrolled.pointName,
        tokenHash: tokenHashOf(token),
        enrolledAt: new Date().toISOString(),
      };
      writeAgentState(dataDir, state);
      log(`enrolled as device ${enrolled.deviceId} of point '${enrolled.pointName}'`);
      return state;
    } catch (error) {
      if (error instanceof RefusedError) {
        fail(
          2,
          `enrolment refused (${error.code}): the token is unknown, already used or expired; make a new one in the console`,
        );
      }
      if (stop.signal.aborted) process.exit(0);
      const wait = backoffDelayMs(attempt);
      log(`server unreachable (${(error as Error).message}); retrying in ${Math.round(wait / 1000)} s`);
      await sleep(wait, stop.signal);
    }
  }
}

if (args.model) {
  // Air-gapped: one model zip, no server.
  const zip = new Uint8Array(readFileSync(args.model));
  const version = createHash('sha256').update(zip).digest('hex');
  try {
    slot.swap(await loadChecked(zip, 'default', version));
  } catch (error) {
    fail(1, `cannot serve ${args.model}: ${(error as Error).message}`);
  }
  const server = await listen();
  log(`serving ${args.model} version ${version.slice(0, 12)}`);
  await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
  await server.close();
  process.exit(0);
}

let server: string;
try {
  server = normalizeServerUrl(args.server!);
} catch (error) {
  fail(2, (error as Error).message);
}
const plan = planStart(readAgentState(dataDir), server, args.token);
if (plan.kind === 'missing')
  fail(2, `this device is not enrolled with ${server}: give --token (from the console's new edge point)`);
const state = plan.kind === 'resume' ? plan.state : await enrol(server, plan.token);
if (plan.kind === 'resume' && args.token) log('the token was used already; starting with the stored credential');

const store = createModelStore(dataDir);
await restoreServing(store, slot);
// The endpoint starts before the loop (the loop reports its URL); it asks the loop once there is one.
const statusOf: { loop: HeartbeatLoop | null } = { loop: null };
const local = await listen(
  () => statusOf.loop?.status() ?? { state: slot.current() ? 'serving' : 'idle', detail: null },
);
const client = createServerClient({ server, credential: state.credential });
const loop = startHeartbeatLoop({
  client,
  dataDir,
  store,
  slot,
  metrics,
  checks: createSelfChecks(dataDir),
  runtime,
  localUrl: local.url,
  heartbeatSeconds: 15,
  activate: (zip, deployment) =>
    activateModel(
      zip,
      { modelId: deployment.modelId, version: deployment.version, manifest: deployment.manifest },
      { slot, healthCheck: localHealthCheck(() => local.url) },
    ),
  log,
  signal: stop.signal,
});
statusOf.loop = loop;

try {
  await loop.done;
  await local.close();
  process.exit(0);
} catch (error) {
  if (error instanceof DeviceRevokedError) {
    // A revoked device must not keep answering with the project's model.
    slot.swap(null)?.dispose();
    await local.close();
    log(`revoked: ${error.message}; stopped serving. Enrol again with a new token from the console.`);
    process.exit(3);
  }
  throw error;
}
