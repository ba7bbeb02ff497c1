/*
 * The tfjs-backend-wasm binaries, base64, by file name. Null here: run from the sources, TF.js
 * finds them in node_modules. scripts/buildAgent.ts replaces this module in the single-file build
 * with one that carries all three, so the file needs nothing beside it.
 */
export const EMBEDDED_WASM_FILES: Readonly<Record<string, string>> | null = null;
