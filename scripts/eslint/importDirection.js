// ESLint rule: the import direction of docs/architecture.md, checked on resolved paths so that
// relative imports cannot sneak around it. Packages that a layer must not load are listed too.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Which top-level folders each top-level folder may import from (itself always allowed). */
export const ALLOWED = {
  app: ['engine', 'shaders', 'workers', 'contract', 'locales', 'public'],
  // The contract is pure shared code (colours, limits): the engine may use it.
  engine: ['shaders', 'contract'],
  shaders: [],
  workers: ['engine', 'contract', 'ml'],
  contract: [],
  // Training and inference on tfjs, shared by the server's trainer, the browser's workers and tools.
  ml: ['contract'],
  server: ['contract', 'locales', 'ml'],
  // The edge agent runs on other machines with only Node: the shared protocol and inference, nothing of the server.
  agent: ['contract', 'ml'],
  // Benchmarks share the tooling's browser launch (scripts/chromiumLaunch.ts).
  benchmarks: ['engine', 'workers', 'contract', 'server', 'shaders', 'scripts', 'ml', 'agent'],
  e2e: ['contract', 'locales', 'engine', 'ml'],
  scripts: ['contract', 'server', 'locales', 'ml', 'agent'],
  // Only the locale tests import code: they check the contract's message keys have texts.
  locales: ['contract'],
};

/** Packages a layer must never import (framework-free engine, DOM-free and Node-free contract). */
export const FORBIDDEN_PACKAGES = {
  engine: ['react', 'react-dom', 'valtio', '@chakra-ui', '@emotion', 'i18next', 'react-i18next', 'wouter'],
  workers: ['react', 'react-dom', 'valtio', '@chakra-ui', '@emotion', 'i18next', 'react-i18next', 'wouter'],
  contract: ['react', 'react-dom', 'valtio', '@chakra-ui', 'i18next', 'node:', 'hono'],
  shaders: ['react', 'valtio', '@chakra-ui', 'i18next'],
  ml: ['react', 'react-dom', 'valtio', '@chakra-ui', '@emotion', 'i18next', 'react-i18next', 'wouter', 'hono'],
};

/**
 * Where a layer may import only the packages listed (the longest matching folder decides; test
 * files may also import vitest). The dataset-zip reader in contract/datasetFormat/ runs in the
 * browser's import worker and on the server alike, hence its two pure-JS packages.
 */
export const ALLOWED_PACKAGES = {
  contract: ['zod'],
  'contract/datasetFormat': ['zod', 'fflate', 'fast-xml-parser'],
  // ml/ runs in browser workers too: tfjs, the zip codec and zod only; ml/node/ may use Node.
  ml: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', 'fflate', 'zod'],
  'ml/node': ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', 'fflate', 'zod', 'node:'],
  // The agent is bundled into one file that runs on a bare Node: pure-JS packages only (no sharp, no native code).
  agent: ['@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm', 'fflate', 'zod', 'jpeg-js', 'pngjs', 'node:'],
};

function allowedPackages(absFile) {
  const rel = path.relative(ROOT, absFile).split(path.sep).join('/');
  const scope = Object.keys(ALLOWED_PACKAGES)
    .filter((folder) => rel.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (!scope) return null;
  if (!/\.test\.tsx?$/.test(rel)) return ALLOWED_PACKAGES[scope];
  // ml/ and agent/ tests run in Node: they read fixtures, write files and start processes.
  return rel.startsWith('ml/') || rel.startsWith('agent/')
    ? [...ALLOWED_PACKAGES[scope], 'vitest', 'node:']
    : [...ALLOWED_PACKAGES[scope], 'vitest'];
}

/** Packages that only console chunks may load: public pages must stay light. */
export const HEAVY_PACKAGES = ['three', '@react-three', 'regl', '@tensorflow', 'fflate'];

function topFolder(absFile) {
  const rel = path.relative(ROOT, absFile);
  if (rel.startsWith('..')) return null;
  const first = rel.split(path.sep)[0];
  return first in ALLOWED ? first : null;
}

function matchesPackage(source, names) {
  return names.find((n) => (n.endsWith(':') ? source.startsWith(n) : source === n || source.startsWith(`${n}/`)));
}

export const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer import direction of docs/architecture.md' },
    schema: [],
    messages: {
      layer: "'{{from}}/' may not import from '{{to}}/' (allowed: {{allowed}}).",
      pkg: "'{{from}}/' may not import the package '{{pkg}}'.",
      onlyPkgs: "This folder may import only the packages {{allowed}}, not '{{pkg}}'.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = topFolder(file);
    if (!from) return {};
    const onlyPackages = allowedPackages(file);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.') || source.startsWith('/')) {
        const target = source.startsWith('/') ? path.join(ROOT, source) : path.resolve(path.dirname(file), source);
        const to = topFolder(target);
        if (!to || to === from) return;
        if (!ALLOWED[from].includes(to)) {
          context.report({
            node,
            messageId: 'layer',
            data: { from, to, allowed: ALLOWED[from].join(', ') || 'nothing' },
          });
        }
        return;
      }
      const pkg = matchesPackage(source, FORBIDDEN_PACKAGES[from] ?? []);
      if (pkg) context.report({ node, messageId: 'pkg', data: { from, pkg } });
      else if (onlyPackages && !matchesPackage(source, onlyPackages)) {
        context.report({ node, messageId: 'onlyPkgs', data: { pkg: source, allowed: onlyPackages.join(', ') } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-direction': importDirection } };
