import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../../contract/routes';
import { json, type StubHandler } from '../../../../test/stubFetch';
import { labelsFixture, me, projectFixture } from '../../projects/projectsTestData';
import NewTrainingPage from '../NewTrainingPage';
import { trainerFixture } from '../trainingTestData';
import type { WizardForm } from './wizardForm';
import { saveForm } from './wizardStorage';

/*
 * What the new-training wizard's page tests share: the page on project p1, its first answers,
 * stepping, and a form saved part-way (as a reload finds it) to start a test on a later step.
 */

export const PATH = '/console/projects/p1/trainings/new';

export const wizardPage = (
  <Route path={paths.consoleProjectTraining}>
    <NewTrainingPage />
  </Route>
);

/** The wizard's first calls on p1 (two labels, no models, one idle trainer); a test adds the rest. */
export function wizardAnswers(): Record<string, StubHandler> {
  return {
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture()),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/models': () => json(200, { items: [] }),
    'GET trainers': () => json(200, { items: [trainerFixture()] }),
  };
}

export const next = () => fireEvent.click(screen.getByTestId('wizard-next'));

export async function atStep(step: string) {
  await waitFor(() => expect(screen.getByTestId('training-wizard').dataset.step).toBe(step));
}

/** A filled form saved at `step` (an index of WIZARD_STEPS), so the page opens there. */
export function savedWizard(step: number, over: Partial<WizardForm> = {}): void {
  saveForm('p1', {
    step,
    split: { mode: 'project', train: '70', validation: '20', test: '10', seed: 1 },
    labelIds: ['l1'],
    pretrained: { kind: 'backbone' },
    network: 'detector-compact',
    iterations: '30',
    batchSize: 16,
    learningRate: '0.001',
    inputSize: 256,
    augmentation: { enabled: false, flip: true, shift: true, brightness: true },
    modelTag: '',
    trainerId: 'auto',
    ...over,
  });
}
