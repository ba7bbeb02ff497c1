import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Model } from '../../../../../contract/apiModels';
import type { Label, Project } from '../../../../../contract/apiProjects';
import type { Trainer } from '../../../../../contract/apiTraining';
import { trainingHref } from '../../../../../contract/projectRoutes';
import { apiErrorKey } from '../../../../api/apiErrorKey';
import { isApiRequestError } from '../../../../api/ApiRequestError';
import { toaster } from '../../toaster';
import { trainingApi, trainingKeys } from '../trainingApi';
import { DatasetStep } from './DatasetStep';
import { NetworkStep } from './NetworkStep';
import { OverviewStep } from './OverviewStep';
import { PretrainedStep } from './PretrainedStep';
import { ServerStep } from './ServerStep';
import { SettingsStep } from './SettingsStep';
import { SplitStep } from './SplitStep';
import type { PreviewState, StepProps } from './stepProps';
import { StepMessage } from './ChoiceCard';
import { TagStep } from './TagStep';
import { WizardStepper } from './WizardStepper';
import { clearForm, loadForm, saveForm } from './wizardStorage';
import {
  checkStep,
  chosenLabels,
  firstFailingStep,
  initialForm,
  splitOf,
  stepOfField,
  toCreate,
  WIZARD_STEPS,
  type StepErrors,
  type WizardContext,
  type WizardForm,
  type WizardStep,
} from './wizardForm';

const STEP_VIEWS: Record<WizardStep, ComponentType<StepProps>> = {
  split: SplitStep,
  datasets: DatasetStep,
  pretrained: PretrainedStep,
  network: NetworkStep,
  settings: SettingsStep,
  tag: TagStep,
  server: ServerStep,
  overview: OverviewStep,
};

/** A refusal of Start, shown on the step it concerns. */
interface ServerProblem {
  step: WizardStep;
  message: string;
}

function problemOf(error: unknown): ServerProblem {
  if (!isApiRequestError(error)) return { step: 'overview', message: 'errors:internal' };
  if (error.code === 'training_too_few_images') return { step: 'datasets', message: 'errors:training_too_few_images' };
  if (error.code === 'trainer_unavailable') return { step: 'server', message: 'errors:trainer_unavailable' };
  const [field, message] = Object.entries(error.fields)[0] ?? [];
  if (field && message) return { step: stepOfField(field), message };
  // A reached plan limit names which one (training hours this month).
  return { step: 'overview', message: apiErrorKey(error) };
}

export interface TrainingWizardProps {
  project: Project;
  labels: readonly Label[];
  models: readonly Model[];
  trainers: readonly Trainer[] | null;
}

/**
 * The new-training wizard: one step at a time, each checked before Next; Back and the stepper
 * keep every value; the form is kept in sessionStorage per project until the training starts.
 */
export function TrainingWizard({ project, labels, models, trainers }: TrainingWizardProps) {
  const { t } = useTranslation(['training', 'errors', 'validation']);
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [restored] = useState(() => loadForm(project.id));
  const [form, setForm] = useState<WizardForm>(() => restored ?? initialForm(project));
  const [attempted, setAttempted] = useState<ReadonlySet<WizardStep>>(new Set());
  const [problem, setProblem] = useState<ServerProblem | null>(null);

  useEffect(() => saveForm(project.id, form), [project.id, form]);

  const labelIds = useMemo(() => labels.map((label) => label.id), [labels]);
  const split = splitOf(form, project);
  const chosen = chosenLabels(form, labelIds);
  const previewQuery = useQuery({
    queryKey: trainingKeys.preview(
      project.id,
      split ?? { mode: 'custom', train: 0, validation: 0, test: 0, seed: 0 },
      chosen,
    ),
    queryFn: () => trainingApi.preview(project.id, split!, chosen),
    enabled: split !== null,
    placeholderData: keepPreviousData,
  });
  const preview: PreviewState = {
    data: previewQuery.data ?? null,
    pending: previewQuery.isFetching || previewQuery.isPlaceholderData,
    failed: previewQuery.isError,
  };
  const ctx: WizardContext = {
    project,
    labelIds,
    preview: previewQuery.isPlaceholderData || previewQuery.isError ? null : (previewQuery.data ?? null),
    models,
    trainers,
  };

  const step = WIZARD_STEPS[form.step]!;
  const errors = checkStep(step, form, ctx);
  // Messages show after a Next that failed; the dataset step's minimum shows as soon as it is known.
  const shown: StepErrors =
    attempted.has(step) || step === 'datasets'
      ? Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== 'training:datasets.waiting'))
      : {};

  const update = (patch: Partial<WizardForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const go = (index: number) => {
    setProblem(null);
    setForm((current) => ({ ...current, step: index }));
  };

  const start = useMutation({
    mutationFn: () => trainingApi.create(project.id, toCreate(form, ctx)),
    onSuccess: ({ trainingId }) => {
      clearForm(project.id);
      void client.invalidateQueries({ queryKey: trainingKeys.list(project.id) });
      toaster.create({ type: 'success', title: t('wizard.started') });
      navigate(trainingHref(project.id, trainingId));
    },
    onError: (error) => {
      const next = problemOf(error);
      setProblem(next);
      setForm((current) => ({ ...current, step: WIZARD_STEPS.indexOf(next.step) }));
      void client.invalidateQueries({ queryKey: trainingKeys.trainers });
      void client.invalidateQueries({ queryKey: ['project', project.id, 'trainings', 'preview'] });
    },
  });

  const next = () => {
    setAttempted((set) => new Set(set).add(step));
    if (Object.keys(errors).length > 0) return;
    go(form.step + 1);
  };
  const submit = () => {
    const failing = firstFailingStep(form, ctx);
    if (failing !== null) {
      const failingStep = WIZARD_STEPS[failing]!;
      setAttempted((set) => new Set(set).add(failingStep));
      go(failing);
      return;
    }
    start.mutate();
  };

  const View = STEP_VIEWS[step];
  const last = form.step === WIZARD_STEPS.length - 1;
  return (
    <Stack gap="6" data-testid="training-wizard" data-step={step}>
      <WizardStepper current={form.step} onGo={go} />
      {restored && restored.step > 0 && form.step === restored.step && (
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="wizard-restored">
          <Text>{t('wizard.restored')}</Text>
          <Button
            size="xs"
            variant="ghost"
            onClick={() => {
              setForm(initialForm(project));
              setAttempted(new Set());
            }}
          >
            {t('wizard.reset')}
          </Button>
        </HStack>
      )}
      <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }}>
        <Stack gap="1">
          <Text fontSize="xs" color="fg.muted">
            {t('wizard.stepOf', { n: form.step + 1, total: WIZARD_STEPS.length })}
          </Text>
          <Heading as="h2" size="md" data-testid="wizard-step-title">
            {t(`wizard.steps.${step}`)}
          </Heading>
        </Stack>
        {problem?.step === step && <StepMessage message={t(problem.message)} testId="wizard-problem" />}
        <View
          form={form}
          update={update}
          errors={shown}
          ctx={ctx}
          project={project}
          labels={labels}
          preview={preview}
        />
      </Stack>
      <HStack justify="space-between" gap="3">
        <Button
          variant="outline"
          onClick={() => go(form.step - 1)}
          disabled={form.step === 0}
          data-testid="wizard-back"
        >
          {t('wizard.previous')}
        </Button>
        {last ? (
          <Button colorPalette="brand" onClick={submit} loading={start.isPending} data-testid="wizard-start">
            {t('wizard.start')}
          </Button>
        ) : (
          <Button colorPalette="brand" onClick={next} data-testid="wizard-next">
            {t('wizard.next')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
