import { z } from 'zod';
import type { Project } from '../../../../../contract/apiProjects';
import {
  BATCH_SIZES,
  hyperparametersSchema,
  INPUT_SIZES,
  NETWORKS,
  NETWORKS_BY_SUBTYPE,
  TASK_OF_NETWORK,
  TRAINING_DEFAULTS,
  TRAINING_MIN_IMAGES,
  trainingSplitSchema,
  type Network,
  type Task,
  type TrainingCreate,
  type TrainingPreview,
  type TrainingSplit,
  type Trainer,
} from '../../../../../contract/apiTraining';
import type { Model } from '../../../../../contract/apiModels';
import { modelTagSchema, trainingIterationsSchema } from '../../../../../contract/validationConsole';
import { V } from '../../../../../contract/validationMessages';

/** The wizard's steps, in order (the guide's order: settings and hyperparameters share a step). */
export const WIZARD_STEPS = [
  'split',
  'datasets',
  'pretrained',
  'network',
  'settings',
  'tag',
  'server',
  'overview',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * What the user has entered so far. Numbers typed into inputs stay strings until they are
 * checked, so a half-typed value is kept as typed (and survives a reload) instead of jumping.
 */
export const wizardFormSchema = z.object({
  step: z
    .number()
    .int()
    .min(0)
    .max(WIZARD_STEPS.length - 1),
  split: z.object({
    mode: z.enum(['project', 'custom']),
    train: z.string().max(8),
    validation: z.string().max(8),
    test: z.string().max(8),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  }),
  /** null: every label (the default until the user chooses). */
  labelIds: z.array(z.string().max(64)).max(1000).nullable(),
  pretrained: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('backbone') }),
    z.object({ kind: z.literal('model'), modelId: z.string().max(64) }),
  ]),
  network: z.enum(NETWORKS).nullable(),
  iterations: z.string().max(12),
  batchSize: z.number().int(),
  learningRate: z.string().max(24),
  inputSize: z.number().int(),
  augmentation: z.object({ enabled: z.boolean(), flip: z.boolean(), shift: z.boolean(), brightness: z.boolean() }),
  modelTag: z.string().max(200),
  trainerId: z.string().max(200),
});
export type WizardForm = z.infer<typeof wizardFormSchema>;

/** The task a project subtype trains for; null where no network exists yet (segmentation). */
export function taskOfSubtype(subtype: string): Task | null {
  const first = NETWORKS_BY_SUBTYPE[subtype]?.[0];
  return first ? TASK_OF_NETWORK[first] : null;
}

export function networksOf(subtype: string): readonly Network[] {
  return NETWORKS_BY_SUBTYPE[subtype] ?? [];
}

/** A random seed for a re-roll (the split schema's range). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

export function hyperDefaults(task: Task | null) {
  const d = TRAINING_DEFAULTS[task ?? 'detection'];
  return {
    iterations: String(d.iterations),
    batchSize: d.batchSize,
    learningRate: String(d.learningRate),
    inputSize: d.inputSize,
    augmentation: { enabled: true, flip: true, shift: true, brightness: true },
  };
}

export function initialForm(project: Pick<Project, 'subtype' | 'split'>): WizardForm {
  return {
    step: 0,
    split: {
      mode: 'project',
      train: String(project.split.train),
      validation: String(project.split.validation),
      test: String(project.split.test),
      seed: project.split.seed,
    },
    labelIds: null,
    pretrained: { kind: 'backbone' },
    network: networksOf(project.subtype)[0] ?? null,
    ...hyperDefaults(taskOfSubtype(project.subtype)),
    modelTag: '',
    trainerId: 'auto',
  };
}

/** The split to send: the project's own, or the entered ratios (null while they are not numbers). */
export function splitOf(form: WizardForm, project: Pick<Project, 'split'>): TrainingSplit | null {
  if (form.split.mode === 'project') return { mode: 'project', ...project.split };
  const ratio = (value: string) => (/^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN);
  const split = {
    mode: 'custom' as const,
    train: ratio(form.split.train),
    validation: ratio(form.split.validation),
    test: ratio(form.split.test),
    seed: form.split.seed,
  };
  return trainingSplitSchema.safeParse(split).success ? split : null;
}

/** The label ids chosen (every label while the user has not chosen). */
export function chosenLabels(form: WizardForm, labelIds: readonly string[]): string[] {
  if (form.labelIds === null) return [...labelIds];
  const known = new Set(labelIds);
  return form.labelIds.filter((id) => known.has(id));
}

/** What the steps' checks need besides the form. */
export interface WizardContext {
  project: Pick<Project, 'subtype' | 'split'>;
  labelIds: readonly string[];
  /** The preview of the current split and labels; null while it loads (or failed). */
  preview: TrainingPreview | null;
  models: readonly Model[];
  /** null while the list loads (or failed). */
  trainers: readonly Trainer[] | null;
}

/** Field → message key (`validation:*`, `errors:*` or `training:*`); empty when the step may be left. */
export type StepErrors = Record<string, string>;

function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? V.invalid);
}

function checkSplit(form: WizardForm): StepErrors {
  if (form.split.mode === 'project') return {};
  const errors: StepErrors = {};
  const values = { train: form.split.train, validation: form.split.validation, test: form.split.test };
  for (const [part, value] of Object.entries(values)) {
    const n = /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > 100 || (part === 'train' && n < 1)) errors[part] = V.invalid;
  }
  if (Object.keys(errors).length > 0) return errors;
  const sum = Number(values.train) + Number(values.validation) + Number(values.test);
  return sum === 100 ? {} : { sum: V.splitSum };
}

function checkDatasets(form: WizardForm, ctx: WizardContext): StepErrors {
  if (chosenLabels(form, ctx.labelIds).length === 0) return { labels: 'training:datasets.noneSelected' };
  if (!ctx.preview) return { labels: 'training:datasets.waiting' };
  if (ctx.preview.images < TRAINING_MIN_IMAGES) return { labels: 'errors:training_too_few_images' };
  if (ctx.preview.splitCounts.train === 0) return { labels: 'training:datasets.emptyTrain' };
  return {};
}

function checkPretrained(form: WizardForm, ctx: WizardContext): StepErrors {
  if (form.pretrained.kind === 'backbone') return {};
  const { modelId } = form.pretrained;
  return ctx.models.some((m) => m.id === modelId) ? {} : { model: 'training:pretrained.modelMissing' };
}

/** The previous model chosen as the starting point, if any (its network and input size bind the training). */
export function baseModelOf(form: WizardForm, models: readonly Model[]): Model | null {
  const { pretrained } = form;
  return pretrained.kind === 'model' ? (models.find((m) => m.id === pretrained.modelId) ?? null) : null;
}

function checkNetwork(form: WizardForm, ctx: WizardContext): StepErrors {
  const networks = networksOf(ctx.project.subtype);
  if (networks.length === 0) return { network: 'training:network.none' };
  if (!form.network || !networks.includes(form.network)) return { network: 'training:network.choose' };
  const base = baseModelOf(form, ctx.models);
  return base && base.network !== form.network ? { network: V.trainingPretrained } : {};
}

function checkSettings(form: WizardForm, ctx: WizardContext): StepErrors {
  const errors: StepErrors = {};
  const iterations = form.iterations.trim() === '' ? NaN : Number(form.iterations);
  const iterationsIssue = firstIssue(trainingIterationsSchema, iterations);
  if (iterationsIssue) errors.iterations = iterationsIssue;
  const rate = form.learningRate.trim() === '' ? NaN : Number(form.learningRate);
  if (firstIssue(hyperparametersSchema.shape.learningRate, rate)) errors.learningRate = V.invalid;
  if (!(BATCH_SIZES as readonly number[]).includes(form.batchSize)) errors.batchSize = V.invalid;
  if (!(INPUT_SIZES as readonly number[]).includes(form.inputSize)) errors.inputSize = V.invalid;
  const base = baseModelOf(form, ctx.models);
  if (base && base.inputSize !== form.inputSize) errors.inputSize = V.trainingPretrained;
  return errors;
}

function checkTag(form: WizardForm): StepErrors {
  const issue = firstIssue(modelTagSchema, form.modelTag.trim());
  return issue ? { modelTag: issue } : {};
}

function checkServer(form: WizardForm, ctx: WizardContext): StepErrors {
  if (!ctx.trainers) return { trainer: 'training:server.loadFailed' };
  const online = ctx.trainers.filter((t) => t.online);
  if (online.length === 0) return { trainer: 'errors:trainer_unavailable' };
  if (form.trainerId === 'auto') return {};
  return online.some((t) => t.id === form.trainerId) ? {} : { trainer: 'training:server.chooseOnline' };
}

/** The checks of one step; Next (and Start) stay blocked while it answers anything. */
export function checkStep(step: WizardStep, form: WizardForm, ctx: WizardContext): StepErrors {
  switch (step) {
    case 'split':
      return checkSplit(form);
    case 'datasets':
      return checkDatasets(form, ctx);
    case 'pretrained':
      return checkPretrained(form, ctx);
    case 'network':
      return checkNetwork(form, ctx);
    case 'settings':
      return checkSettings(form, ctx);
    case 'tag':
      return checkTag(form);
    case 'server':
      return checkServer(form, ctx);
    case 'overview':
      return {};
  }
}

/** The first step (index) whose checks fail, or null when the whole wizard may start. */
export function firstFailingStep(form: WizardForm, ctx: WizardContext): number | null {
  const index = WIZARD_STEPS.findIndex((step) => Object.keys(checkStep(step, form, ctx)).length > 0);
  return index < 0 ? null : index;
}

/** The POST body; call only once every step passed. */
export function toCreate(form: WizardForm, ctx: WizardContext): TrainingCreate {
  const split = splitOf(form, ctx.project);
  if (!split || !form.network) throw new Error('the wizard is not complete');
  const tag = form.modelTag.trim();
  return {
    split,
    labelIds: chosenLabels(form, ctx.labelIds),
    pretrained:
      form.pretrained.kind === 'backbone'
        ? { kind: 'backbone', backbone: 'mobilenet-v2' }
        : { kind: 'model', modelId: form.pretrained.modelId },
    network: form.network,
    hyperparameters: hyperparametersSchema.parse({
      iterations: Number(form.iterations),
      batchSize: form.batchSize,
      learningRate: Number(form.learningRate),
      inputSize: form.inputSize,
      augmentation: form.augmentation,
    }),
    ...(tag ? { modelTag: tag } : {}),
    trainerId: form.trainerId,
  };
}

/** The step a server field error belongs to ('hyperparameters.iterations' → settings). */
export function stepOfField(field: string): WizardStep {
  const head = field.split('.')[0] ?? '';
  if (head === 'split') return 'split';
  if (head === 'labelIds') return 'datasets';
  if (head === 'pretrained') return 'pretrained';
  if (head === 'network') return 'network';
  if (head === 'hyperparameters') return 'settings';
  if (head === 'modelTag') return 'tag';
  if (head === 'trainerId') return 'server';
  return 'overview';
}

/** The online trainer 'auto' is estimated with: the fastest one that is free, else the fastest. */
export function autoTrainer(trainers: readonly Trainer[]): Trainer | null {
  const online = trainers.filter((t) => t.online);
  const speed = (t: Trainer) => (t.featureMsPerImage ?? Infinity) + (t.headMsPerSample ?? Infinity);
  const ordered = [...online].sort((a, b) => Number(a.busy) - Number(b.busy) || speed(a) - speed(b));
  return ordered[0] ?? null;
}
