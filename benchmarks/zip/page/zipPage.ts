/**
 * The zip benchmark's browser side, bundled by esbuild and injected into a blank page: makes the
 * same seeded dataset in the page and runs the same writers as the Node side (zipSubjects.ts).
 * The driver calls `window.zipBench` through Playwright.
 */
import { measureRun, type RunMeasure } from '../measureRun';
import { datasetPrefix, syntheticDataset, type SyntheticDataset } from '../syntheticDataset';
import { inputBytes, WRITERS, type SubjectName } from '../zipSubjects';

interface ChromeMemory {
  usedJSHeapSize: number;
}

export interface ZipBenchPage {
  generate(count: number): { images: number; inputBytes: number; ms: number };
  run(subject: SubjectName, count: number, hashOutput: boolean): Promise<RunMeasure>;
}

let dataset: SyntheticDataset | null = null;
const gc = (globalThis as { gc?: () => void }).gc;

// Chromium's heap figure (precise with --enable-precise-memory-info); array buffers held by the
// page are not in it, which is why the driver also reads the renderer's memory from outside.
const readMemory = () => ({ js: (performance as unknown as { memory: ChromeMemory }).memory.usedJSHeapSize });

const api: ZipBenchPage = {
  generate(count) {
    const start = performance.now();
    dataset = syntheticDataset(count);
    return { images: count, inputBytes: inputBytes(dataset), ms: performance.now() - start };
  },
  async run(subject, count, hashOutput) {
    if (!dataset) throw new Error('generate first');
    const slice = datasetPrefix(dataset, count);
    gc?.();
    return measureRun(WRITERS[subject], slice, readMemory, hashOutput);
  },
};

(globalThis as unknown as { zipBench: ZipBenchPage }).zipBench = api;
