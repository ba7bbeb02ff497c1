import { build, type Plugin } from 'esbuild';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * `npm run build:agent`: the edge agent as one self-contained ESM file (dist-agent/maru-edge-agent.mjs)
 * that runs with only Node ≥ 20 on another machine: every package is inside, and the three
 * tfjs-backend-wasm binaries are embedded as base64 (agent/wasmFilesEmbedded.ts is replaced) and
 * written to the agent's data directory at start (agent/wasmFiles.ts).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const AGENT_BUNDLE_NAME = 'maru-edge-agent.mjs';
const WASM_BINARIES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

export interface BuildAgentOptions {
  /** The program to bundle (default agent/main.ts). */
  entry?: string;
  /** Default dist-agent/maru-edge-agent.mjs. */
  outFile?: string;
}

export interface BuiltAgent {
  outFile: string;
  bytes: number;
  /** Bytes of the embedded wasm binaries (base64) within `bytes`. */
  wasmBytes: number;
}

function wasmFolder(): string {
  const require = createRequire(join(root, 'package.json'));
  return join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
}

/** Swaps the sources' empty wasm table for one carrying the binaries. */
function embedWasm(): { plugin: Plugin; bytes: () => number } {
  let size = 0;
  const plugin: Plugin = {
    name: 'embed-wasm',
    setup(b) {
      b.onLoad({ filter: /agent[\\/]wasmFilesEmbedded\.ts$/ }, () => {
        const folder = wasmFolder();
        const files: Record<string, string> = {};
        for (const name of WASM_BINARIES) files[name] = readFileSync(join(folder, name)).toString('base64');
        size = Object.values(files).reduce((n, s) => n + s.length, 0);
        return { contents: `export const EMBEDDED_WASM_FILES = ${JSON.stringify(files)};`, loader: 'ts' };
      });
    },
  };
  return { plugin, bytes: () => size };
}

// An ESM bundle of CommonJS packages: they still call require() and read __dirname.
const BANNER = [
  '#!/usr/bin/env node',
  "import { createRequire as __agentCreateRequire } from 'node:module';",
  "import { fileURLToPath as __agentFileUrlToPath } from 'node:url';",
  "import { dirname as __agentDirname } from 'node:path';",
  'const require = __agentCreateRequire(import.meta.url);',
  'const __filename = __agentFileUrlToPath(import.meta.url);',
  'const __dirname = __agentDirname(__filename);',
].join('\n');

export async function buildAgent(options: BuildAgentOptions = {}): Promise<BuiltAgent> {
  const outFile = resolve(options.outFile ?? join(root, 'dist-agent', AGENT_BUNDLE_NAME));
  const wasm = embedWasm();
  await build({
    entryPoints: [resolve(options.entry ?? join(root, 'agent', 'main.ts'))],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Whitespace and syntax only: names stay, so a stack trace from a device still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    banner: { js: BANNER },
    // tfjs-core reaches for node-fetch only where Node has no fetch (Node < 18); the agent needs ≥ 20.
    external: ['node-fetch'],
    plugins: [wasm.plugin],
    logLevel: 'warning',
  });
  chmodSync(outFile, 0o755);
  return { outFile, bytes: statSync(outFile).size, wasmBytes: wasm.bytes() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const built = await buildAgent();
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `${built.outFile}: ${mib(built.bytes)} MiB (${mib(built.wasmBytes)} MiB of it the embedded wasm binaries)`,
  );
}
