import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBEDDED_WASM_FILES } from './wasmFilesEmbedded';

/*
 * Where TF.js's wasm backend loads its binaries from. From the sources: node_modules (undefined).
 * In the single-file build: the embedded copies, written once to `<dir>/tfjs-wasm-<hash>/` (the
 * hash of their content, so a newer agent never runs an older binary) and named by absolute path.
 */
export function wasmPathsFor(
  dir: string,
  embedded: Readonly<Record<string, string>> | null = EMBEDDED_WASM_FILES,
): Record<string, string> | undefined {
  if (!embedded) return undefined;
  const names = Object.keys(embedded).sort();
  const hash = createHash('sha256');
  for (const name of names) hash.update(name).update(embedded[name]!);
  const folder = join(dir, `tfjs-wasm-${hash.digest('hex').slice(0, 12)}`);
  mkdirSync(folder, { recursive: true });
  const paths: Record<string, string> = {};
  for (const name of names) {
    const path = join(folder, name);
    const bytes = Buffer.from(embedded[name]!, 'base64');
    if (!existsSync(path) || !readFileSync(path).equals(bytes)) {
      // Written beside and renamed, so an agent starting at the same moment never reads half a file.
      const partial = `${path}.${process.pid}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, path);
    }
    paths[name] = path;
  }
  return paths;
}
