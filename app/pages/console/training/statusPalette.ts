import type { TrainingStatus } from '../../../../contract/apiTraining';

/** A training status's colour, the same in the history table and on the training's own page. */
export const STATUS_PALETTE: Record<TrainingStatus, string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  stopped: 'orange',
};
