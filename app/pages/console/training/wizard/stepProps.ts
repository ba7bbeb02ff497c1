import type { Label, Project } from '../../../../../contract/apiProjects';
import type { TrainingPreview } from '../../../../../contract/apiTraining';
import type { StepErrors, WizardContext, WizardForm } from './wizardForm';

/** The live preview of the current split and labels, as the steps show it. */
export interface PreviewState {
  data: TrainingPreview | null;
  pending: boolean;
  failed: boolean;
}

/** What every step component gets. */
export interface StepProps {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
  /** The messages to show now (after a Next that failed, or the server's answer). */
  errors: StepErrors;
  ctx: WizardContext;
  project: Project;
  labels: readonly Label[];
  preview: PreviewState;
}
