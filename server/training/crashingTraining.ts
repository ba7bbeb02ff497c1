import type { TrainingControl, TrainingDeps, TrainingOutcome } from './runTraining';

/*
 * A training whose thread dies under it (an uncaught error, as a native crash or an out-of-memory
 * abort would end it), for the test that a dead trainer thread is reported as lost, not as done.
 */
export function runTraining(
  _deps: TrainingDeps,
  _trainingId: string,
  _control: TrainingControl,
): Promise<TrainingOutcome> {
  setTimeout(() => {
    throw new Error('The trainer thread crashed.');
  }, 10);
  return new Promise<TrainingOutcome>(() => {});
}
