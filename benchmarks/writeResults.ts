/**
 * Shared helpers for benchmark output in the format of ../shared/BENCHMARK-FORMAT.md: machine
 * info, percentiles, and writing benchmarks/results/<name>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ResultRow {
  case: string;
  subject: string;
  metric: string;
  value: number;
  better: 'lower' | 'higher';
}

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memGiB: number;
  node: string;
  browser?: string;
}

/** This machine, as the results format records it. */
export function machineInfo(): MachineInfo {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** The `p`-th percentile (0–100) of `sorted` (ascending), nearest-rank. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** The median of unsorted values. */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Writes benchmarks/results/<name>.json and returns its path. */
export function writeResults(name: string, rows: ResultRow[], extra: Record<string, unknown> = {}): string {
  const dir = path.resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ name, date: new Date().toISOString(), machine: machineInfo(), ...extra, rows }, null, 2)}\n`,
  );
  return file;
}
