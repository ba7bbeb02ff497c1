import type { TrainingErrorCode } from '../../contract/apiTraining';

/** A failure that is the training's own (its data, its settings): it ends as 'failed' with `code`. */
export class TrainingFailure extends Error {
  constructor(
    readonly code: TrainingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
