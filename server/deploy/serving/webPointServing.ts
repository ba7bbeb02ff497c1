import { hostname } from 'node:os';
import { localPoolSize } from '../../../contract/apiDeploy';
import type { ServedPrediction } from '../../../contract/apiAgent';
import type { RgbImage } from '../../../ml/types';
import type { BlobStore } from '../../blobs/BlobStore';
import type { Db } from '../../db/Db';
import { readBlobBytes } from '../../training/readTrainingImage';
import { InferenceFailure, InferencePool } from './inferencePool';
import { PointGate } from './pointGate';
import { ServingMetrics } from './servingMetrics';

/*
 * Web point serving in one API process: the inference pool, each point's share of it (its
 * instance type), and the request counts flushed to the point's metrics. Nothing starts until the
 * first request or preparation; close() ends the threads and writes the last counts. Every process
 * serves every point (the models load on first use), so more processes serve more requests.
 */

export interface WebPointServingOptions {
  db: Db;
  blobs: BlobStore;
  now: () => Date;
  threads: number;
  modelsPerThread: number;
  /** This process's metrics source (default `api:<host>:<pid>`). */
  source?: string;
  flushMs?: number;
  queueWaitMs?: number;
}

export class WebPointServing {
  readonly metrics: ServingMetrics;
  private readonly gate: PointGate;
  private pool: InferencePool | null = null;
  private closed = false;

  constructor(private readonly options: WebPointServingOptions) {
    this.metrics = new ServingMetrics(
      options.db,
      options.source ?? `api:${hostname()}:${process.pid}`,
      options.now,
      options.flushMs,
    );
    this.gate = new PointGate(options.queueWaitMs);
  }

  private inference(): InferencePool {
    if (this.closed) throw new InferenceFailure('inference_failed', 'Serving is closed.');
    this.pool ??= new InferencePool({
      threads: this.options.threads,
      modelsPerThread: this.options.modelsPerThread,
      readModel: async (version) => {
        const bytes = await readBlobBytes(this.options.blobs, version);
        return bytes ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
      },
    });
    return this.pool;
  }

  /** Waits for one of the point's slots (throws PointBusyError when its queue is full or the wait too long). */
  slot(pointId: string, instanceType: string): Promise<() => void> {
    return this.gate.acquire(pointId, Math.min(localPoolSize(instanceType), this.options.threads));
  }

  predict(version: string, image: RgbImage, threshold?: number): Promise<ServedPrediction[]> {
    return this.inference().predict(version, image, threshold);
  }

  /** Loads the model of `version` (its zip's blob key) and runs one inference; throws InferenceFailure. */
  warm(version: string): Promise<void> {
    return this.inference().warm(version);
  }

  /**
   * Loads the models of the running points, most recently prepared first, up to what the threads
   * hold: a process that starts (a restart, one more behind the load balancer) answers its first
   * calls without loading. Returns how many were loaded; one that fails is left to its first call.
   */
  async warmRunningPoints(): Promise<number> {
    const recent = await this.options.db
      .selectFrom('points')
      .select(['version', 'prepared_at'])
      .where('kind', '=', 'web')
      .where('instance_state', '=', 'running')
      .where('deleted_at', 'is', null)
      .where('version', 'is not', null)
      .orderBy('prepared_at', 'desc')
      .execute();
    const versions = [...new Set(recent.map((r) => r.version!))].slice(
      0,
      this.options.threads * this.options.modelsPerThread,
    );
    let loaded = 0;
    for (const version of versions) {
      if (this.closed) break;
      try {
        await this.warm(version);
        loaded += 1;
      } catch {
        // The point's own calls will say why.
      }
    }
    return loaded;
  }

  /** Inference threads running now. */
  get threadCount(): number {
    return this.pool?.threadCount ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([this.pool?.close(), this.metrics.close()]);
    this.pool = null;
  }
}
