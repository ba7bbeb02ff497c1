import { UPLOAD_STATE_IDS_MAX } from '../../../../contract/apiUploads';
import type { ImageStateAnswer } from './uploadTypes';

export interface ProcessingWatchOptions {
  /** Delay between looks (ms): `min` after something changed, growing by half up to `max` while nothing does. */
  min: number;
  max: number;
  /** The images still processing (asked afresh before each look). */
  ids: () => string[];
  /** One batched request for the states of these images. */
  fetch: (ids: string[]) => Promise<ImageStateAnswer[]>;
  /** Applies one answer to the rows; true when any row changed. */
  apply: (asked: readonly string[], answers: readonly ImageStateAnswer[]) => boolean;
}

/**
 * Follows the images of finished uploads on the server until none is left processing: one
 * request per look for all of them (in batches of UPLOAD_STATE_IDS_MAX), one look at a time,
 * often while states move and less often while a large image's pyramid takes its time. A failed
 * look waits longer and tries again; it never fails a row.
 */
export class ProcessingWatch {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay: number;
  private busy = false;
  private stopped = false;

  constructor(private readonly options: ProcessingWatchOptions) {
    this.delay = options.min;
  }

  /** A new image to follow: look again soon. */
  kick(): void {
    this.delay = this.options.min;
    this.schedule();
  }

  /** Stops looking (the page left); `start` takes it up again. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  private schedule(): void {
    if (this.timer || this.busy || this.stopped || this.options.ids().length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.look();
    }, this.delay);
  }

  private async look(): Promise<void> {
    const ids = this.options.ids();
    if (ids.length === 0) return;
    this.busy = true;
    const { min, max } = this.options;
    try {
      let changed = false;
      for (let i = 0; i < ids.length; i += UPLOAD_STATE_IDS_MAX) {
        const asked = ids.slice(i, i + UPLOAD_STATE_IDS_MAX);
        if (this.options.apply(asked, await this.options.fetch(asked))) changed = true;
      }
      this.delay = changed ? min : Math.min(max, Math.round(this.delay * 1.5));
    } catch {
      this.delay = Math.min(max, this.delay * 2);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }
}
