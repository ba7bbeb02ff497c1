import { spawn, type ChildProcess } from 'node:child_process';
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

/** The first line the program prints, parsed as JSON (it prints its address once it serves). */
function firstJsonLine(child: ChildProcess): Promise<{ url: string; backend: string }> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  });
}

describe('buildAgent', () => {
  const temp = mkdtempSync(join(tmpdir(), 'agent-build-'));
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await initTf();
    writeFileSync(join(temp, 'red.zip'), await redSquareDetectorZip('defect'));
  });
  afterAll(() => {
    for (const child of children) child.kill();
    rmSync(temp, { recursive: true, force: true });
  });

  it('bundles serving into one file that runs alone on wasm and answers predict', async () => {
    const built = await buildAgent({
      entry: join(import.meta.dirname, '..', 'agent', 'testing', 'serveModelMain.ts'),
      outFile: join(temp, 'build', AGENT_BUNDLE_NAME),
    });
    expect(built.wasmBytes).toBeGreaterThan(500_000);
    // Alone in an empty folder with no node_modules above it: only Node and the file.
    const alone = join(temp, 'alone');
    mkdirSync(alone);
    copyFileSync(built.outFile, join(alone, AGENT_BUNDLE_NAME));
    rmSync(join(temp, 'build'), { recursive: true });
    const dataDir = join(alone, 'data');
    const child = spawn(
      process.execPath,
      [AGENT_BUNDLE_NAME, '--model', join(temp, 'red.zip'), '--port', '0', '--data-dir', dataDir],
      { cwd: alone, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } },
    );
    children.push(child);
    const { url, backend } = await firstJsonLine(child);
    expect(backend).toBe('wasm');
    // The binaries it carried, written where it was told.
    const written = readdirSync(dataDir).flatMap((folder) => readdirSync(join(dataDir, folder)));
    expect(written.sort()).toEqual([
      'tfjs-backend-wasm-simd.wasm',
      'tfjs-backend-wasm-threaded-simd.wasm',
      'tfjs-backend-wasm.wasm',
    ]);
    const image = rgbImage(128, 128, (x, y) => (x >= 16 && x < 32 && y >= 48 && y < 64 ? [255, 0, 0] : [20, 20, 20]));
    const res = await fetch(`${url}/v1/models/default:predict`, {
      method: 'POST',
      body: JSON.stringify({ instances: [{ b64: Buffer.from(encodePng(image)).toString('base64') }] }),
    });
    expect(res.status).toBe(200);
    const body = agentPredictResponseSchema.parse(await res.json());
    expect(body.predictions[0]).toHaveLength(1);
    expect(body.predictions[0]![0]!.box).toEqual({ x: 16, y: 48, width: 16, height: 16 });
  }, 60_000);
});
