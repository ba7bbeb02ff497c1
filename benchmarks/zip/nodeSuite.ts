/**
 * The Node half of the zip benchmark: output check on files (unzip -t, yauzl + zlib CRCs,
 * entries compared across writers), a warm-up, then timed runs alternating subjects.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { checkZip, compareEntries } from './checkZip';
import { measureRun, type RunMeasure } from './measureRun';
import { datasetPrefix, type SyntheticDataset } from './syntheticDataset';
import { crc32CopyCeiling, SUBJECTS, WRITERS, type SubjectName } from './zipSubjects';

const gc = (globalThis as { gc?: () => void }).gc;

export interface TimedRun extends RunMeasure {
  subject: SubjectName;
  images: number;
  cpuMs: number;
}

/** What a writer produced for the checked case: its size and CRC, for the browser to match. */
export interface CheckedOutput {
  bytes: number;
  crc: number;
  entries: number;
}

function readMemory(): Record<string, number> {
  const m = process.memoryUsage();
  return { js: m.heapUsed + m.arrayBuffers, rss: m.rss };
}

/** Writes each writer's archive of `dataset` to a file and checks it; throws if any is wrong. */
export async function checkOutputs(dataset: SyntheticDataset): Promise<Map<SubjectName, CheckedOutput>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-zip-'));
  const outputs = new Map<SubjectName, CheckedOutput>();
  try {
    let reference: Map<string, number> | null = null;
    for (const subject of SUBJECTS) {
      if (subject === 'crc32-copy-ceiling') continue;
      const file = path.join(dir, `${subject}.zip`);
      const fd = openSync(file, 'w');
      let bytes = 0;
      let crc = 0;
      await WRITERS[subject](dataset, (chunk) => {
        writeSync(fd, chunk);
        bytes += chunk.length;
        crc = crc32(chunk, crc);
      });
      closeSync(fd);
      const check = await checkZip(file);
      rmSync(file);
      if (reference) {
        const difference = compareEntries(reference, check.crcs);
        if (difference) throw new Error(`${subject} disagrees with ours: ${difference}`);
      } else reference = check.crcs;
      outputs.set(subject, { bytes, crc: crc >>> 0, entries: check.entries });
      console.log(`  ${subject}: ${check.entries} entries, unzip -t and yauzl CRCs ok, same entries as ours`);
    }
    // The ceiling writes no zip; its per-entry CRCs (our crc32.ts) must match the archives'.
    const ceilingCrcs = new Map<string, number>();
    let bytes = 0;
    let crc = 0;
    await crc32CopyCeiling((name, c) => ceilingCrcs.set(name, c))(dataset, (chunk) => {
      bytes += chunk.length;
      crc = crc32(chunk, crc);
    });
    const difference = reference && compareEntries(reference, ceilingCrcs);
    if (difference) throw new Error(`crc32-copy-ceiling CRCs disagree with the archives: ${difference}`);
    outputs.set('crc32-copy-ceiling', { bytes, crc: crc >>> 0, entries: ceilingCrcs.size });
    console.log(`  crc32-copy-ceiling: ${ceilingCrcs.size} entry CRCs equal to the archives'`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return outputs;
}

export async function nodeRun(subject: SubjectName, dataset: SyntheticDataset): Promise<TimedRun> {
  gc?.();
  const cpu = process.cpuUsage();
  const measure = await measureRun(WRITERS[subject], dataset, readMemory);
  const used = process.cpuUsage(cpu);
  return { ...measure, subject, images: dataset.images.length, cpuMs: (used.user + used.system) / 1000 };
}

/** Warm-up on a small prefix, then `runs` rounds per size, the subjects' order rotating each round. */
export async function nodeTimedRuns(
  dataset: SyntheticDataset,
  sizes: readonly number[],
  runs: number,
  warmupImages: number,
): Promise<TimedRun[]> {
  for (const subject of SUBJECTS) await nodeRun(subject, datasetPrefix(dataset, warmupImages));
  const results: TimedRun[] = [];
  for (const size of sizes) {
    const slice = datasetPrefix(dataset, size);
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < SUBJECTS.length; k++) {
        const subject = SUBJECTS[(k + round) % SUBJECTS.length]!;
        const run = await nodeRun(subject, slice);
        results.push(run);
        console.log(
          `  node ${size} images, round ${round + 1}: ${subject} ${run.ms.toFixed(0)} ms (cpu ${run.cpuMs.toFixed(0)} ms), peak +${(run.peakBytes.js! / 2 ** 20).toFixed(1)} MiB`,
        );
      }
    }
  }
  return results;
}
