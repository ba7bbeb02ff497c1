/**
 * The edge agent subject: the single file `npm run build:agent` makes, run alone with Node from a
 * folder of its own and `--model <zip>` (serving one model without a server), exactly as on a
 * device.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_BUNDLE_NAME, buildAgent } from '../../scripts/buildAgent';
import { freePort } from '../api/serverProcesses';

export interface EdgeAgentSubject {
  process: ChildProcess;
  predictUrl: string;
  /** The program bundled (agent/main.ts). */
  program: string;
  bundleBytes: number;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export async function startEdgeAgent(opts: { root: string; zip: Uint8Array }): Promise<EdgeAgentSubject> {
  const folder = path.join(opts.root, 'agent');
  mkdirSync(folder, { recursive: true });
  const entry = path.join(ROOT, 'agent', 'main.ts');
  const built = await buildAgent({ entry, outFile: path.join(folder, AGENT_BUNDLE_NAME) });
  const zipPath = path.join(opts.root, 'model.zip');
  writeFileSync(zipPath, opts.zip);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [AGENT_BUNDLE_NAME, '--model', zipPath, '--port', String(port), '--data-dir', path.join(folder, 'data')],
    { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the agent exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the agent is not ready after 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    process: child,
    predictUrl: `${base}/v1/models/default:predict`,
    program: path.relative(ROOT, entry),
    bundleBytes: built.bytes,
  };
}
