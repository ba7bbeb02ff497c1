import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPredictResponseSchema } from '../contract/apiAgent';
import { initTf } from '../ml/runtime';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { encodePng, rgbImage } from '../agent/testing/encodeImages';
import { AGENT_BUNDLE_NAME, buildAgent } from './buildAgent';

const ROOT = join(import.meta.dirname, '..');
// Only what a bare machine has: no NODE_PATH, no npm, nothing of this repository's environment.
const BARE_ENV = { PATH: process.env.PATH ?? '' };

/** The local endpoint's address, from the first line that names it (a JSON line or a log line). */
function endpointUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) resolve(url);
    });
  });
}

describe('buildAgent', () => {
  const temp = mkdtempSync(join(tmpdir(), 'agent-build-'));
  const zipPath = join(temp, 'red.zip');
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await initTf();
    writeFileSync(zipPath, await redSquareDetectorZip('defect'));
  });
  afterAll(() => {
    for (const child of children) child.kill();
    rmSync(temp, { recursive: true, force: true });
  });

  /** Builds `entry` and copies the file alone into an empty folder; returns that folder. */
  async function buildAlone(entry: string, name: string): Promise<string> {
    const built = await buildAgent({ entry, outFile: join(temp, `${name}-build`, AGENT_BUNDLE_NAME) });
    expect(built.wasmBytes).toBeGreaterThan(500_000);
    const alone = join(temp, name);
    mkdirSync(alone);
    copyFileSync(built.outFile, join(alone, AGENT_BUNDLE_NAME));
    rmSync(join(temp, `${name}-build`), { recursive: true });
    return alone;
  }

  function serve(folder: string, dataDir: string): Promise<string> {
    const child = spawn(
      process.execPath,
      [AGENT_BUNDLE_NAME, '--model', zipPath, '--port', '0', '--data-dir', dataDir],
      { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], env: BARE_ENV },
    );
    children.push(child);
    return endpointUrl(child);
  }

  /** One red square in grid cell (1, 3): its box must come back exactly. */
  async function expectRedSquareFound(url: string) {
    const image = rgbImage(128, 128, (x, y) => (x >= 16 && x < 32 && y >= 48 && y < 64 ? [255, 0, 0] : [20, 20, 20]));
    const res = await fetch(`${url}/v1/models/default:predict`, {
      method: 'POST',
      body: JSON.stringify({ instances: [{ b64: Buffer.from(encodePng(image)).toString('base64') }] }),
    });
    expect(res.status).toBe(200);
    const body = agentPredictResponseSchema.parse(await res.json());
    expect(body.predictions[0]).toHaveLength(1);
    expect(body.predictions[0]![0]!.box).toEqual({ x: 16, y: 48, width: 16, height: 16 });
  }

  it('bundles serving into one file that runs alone on wasm, writing the wasm binaries it carries', async () => {
    const alone = await buildAlone(join(ROOT, 'agent', 'testing', 'serveModelMain.ts'), 'serving');
    const child = spawn(
      process.execPath,
      [AGENT_BUNDLE_NAME, '--model', zipPath, '--port', '0', '--data-dir', join(alone, 'data')],
      { cwd: alone, stdio: ['ignore', 'pipe', 'pipe'], env: BARE_ENV },
    );
    children.push(child);
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', resolve),
    );
    const { url, backend } = JSON.parse(line) as { url: string; backend: string };
    expect(backend).toBe('wasm');
    const written = readdirSync(join(alone, 'data')).flatMap((folder) => readdirSync(join(alone, 'data', folder)));
    expect(written.sort()).toEqual([
      'tfjs-backend-wasm-simd.wasm',
      'tfjs-backend-wasm-threaded-simd.wasm',
      'tfjs-backend-wasm.wasm',
    ]);
    await expectRedSquareFound(url);
  }, 60_000);

  it('bundles the agent: alone, it prints its version and serves a model zip with --model', async () => {
    const alone = await buildAlone(join(ROOT, 'agent', 'main.ts'), 'agent');
    const version = execFileSync(process.execPath, [AGENT_BUNDLE_NAME, '--version'], {
      cwd: alone,
      env: BARE_ENV,
      encoding: 'utf8',
    });
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+/);
    await expectRedSquareFound(await serve(alone, join(alone, 'data')));
  }, 60_000);
});
