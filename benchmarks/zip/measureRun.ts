/**
 * One timed run of a zip writer into a counting sink, sampling memory as the output grows (a
 * synchronous writer gives timers no chance to run, so the sink is where samples can be taken).
 * Shared by the Node run and the browser page; each passes its own way of reading memory.
 */
import { crc32 } from '../../contract/datasetFormat/crc32';
import type { SyntheticDataset } from './syntheticDataset';
import type { ZipWriter } from './zipSubjects';

/** Reads memory now, in bytes, by each measure the environment has (e.g. { js, rss }). */
export type MemoryReader = () => Record<string, number>;

export interface RunMeasure {
  ms: number;
  outputBytes: number;
  /** Highest reading of each measure during the run minus its reading just before. */
  peakBytes: Record<string, number>;
  /** CRC-32 of the whole output, when asked for (to compare outputs across environments). */
  outputCrc?: number;
}

const SAMPLE_EVERY = 4 << 20;

export async function measureRun(
  writer: ZipWriter,
  dataset: SyntheticDataset,
  readMemory: MemoryReader,
  hashOutput = false,
): Promise<RunMeasure> {
  const baseline = readMemory();
  const peak: Record<string, number> = { ...baseline };
  const sample = () => {
    for (const [key, value] of Object.entries(readMemory())) peak[key] = Math.max(peak[key] ?? 0, value);
  };
  let outputBytes = 0;
  let nextSample = SAMPLE_EVERY;
  let outputCrc = 0;
  const start = performance.now();
  await writer(dataset, (chunk) => {
    outputBytes += chunk.length;
    if (hashOutput) outputCrc = crc32(chunk, outputCrc);
    if (outputBytes >= nextSample) {
      nextSample = outputBytes + SAMPLE_EVERY;
      sample();
    }
  });
  const ms = performance.now() - start;
  sample();
  const peakBytes = Object.fromEntries(
    Object.entries(peak).map(([key, value]) => [key, Math.max(0, value - (baseline[key] ?? 0))]),
  );
  return { ms, outputBytes, peakBytes, ...(hashOutput ? { outputCrc } : {}) };
}
