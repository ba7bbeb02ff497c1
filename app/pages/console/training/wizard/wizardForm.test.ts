import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../projects/projectsTestData';
import { modelFixture, trainerFixture } from '../trainingTestData';
import {
  autoTrainer,
  checkStep,
  initialForm,
  splitOf,
  stepOfField,
  toCreate,
  type WizardContext,
  type WizardForm,
} from './wizardForm';

const project = projectFixture();
const ctx = (over: Partial<WizardContext> = {}): WizardContext => ({
  project,
  labelIds: ['l1', 'l2'],
  preview: {
    images: 20,
    splitCounts: { train: 14, validation: 4, test: 2 },
    perLabel: [],
    annotationType: 'box',
  },
  models: [],
  trainers: [trainerFixture()],
  ...over,
});
const form = (over: Partial<WizardForm> = {}): WizardForm => ({ ...initialForm(project), ...over });

describe('wizard form', () => {
  it('starts from the project split, every label, the backbone and the task defaults', () => {
    expect(initialForm(project)).toMatchObject({
      split: { mode: 'project', train: '70', validation: '20', test: '10', seed: 1 },
      labelIds: null,
      network: 'detector-compact',
      iterations: '30',
      inputSize: 256,
      trainerId: 'auto',
    });
    expect(initialForm(projectFixture({ subtype: 'IMAGE_CLASSIFICATION' }))).toMatchObject({
      network: 'classifier-compact',
      iterations: '20',
      inputSize: 224,
    });
    expect(initialForm(projectFixture({ subtype: 'IMAGE_SEGMENTATION' })).network).toBeNull();
  });

  it('checks custom ratios: whole numbers, training at least 1, a sum of 100', () => {
    const custom = (train: string, validation: string, test: string) =>
      form({ split: { mode: 'custom', train, validation, test, seed: 5 } });
    expect(checkStep('split', custom('70', '20', '10'), ctx())).toEqual({});
    expect(checkStep('split', custom('70', '20', '20'), ctx())).toEqual({ sum: 'validation:split.sum' });
    expect(checkStep('split', custom('0', '50', '50'), ctx())).toEqual({ train: 'validation:invalid' });
    expect(checkStep('split', custom('7.5', '', '10'), ctx())).toEqual({
      train: 'validation:invalid',
      validation: 'validation:invalid',
    });
    expect(splitOf(custom('70', '20', '20'), project)).toBeNull();
    expect(splitOf(custom(' 60', '20 ', '20'), project)).toEqual({
      mode: 'custom',
      train: 60,
      validation: 20,
      test: 20,
      seed: 5,
    });
  });

  it('holds the dataset step until the counts are in, and below ten images or with no training image', () => {
    expect(checkStep('datasets', form(), ctx())).toEqual({});
    expect(checkStep('datasets', form(), ctx({ preview: null }))).toEqual({ labels: 'training:datasets.waiting' });
    expect(checkStep('datasets', form({ labelIds: ['gone'] }), ctx())).toEqual({
      labels: 'training:datasets.noneSelected',
    });
    const few = ctx({ preview: { ...ctx().preview!, images: 9 } });
    expect(checkStep('datasets', form(), few)).toEqual({ labels: 'errors:training_too_few_images' });
    const noTrain = ctx({ preview: { ...ctx().preview!, splitCounts: { train: 0, validation: 10, test: 10 } } });
    expect(checkStep('datasets', form(), noTrain)).toEqual({ labels: 'training:datasets.emptyTrain' });
  });

  it('binds network and input size to a previous model, and needs one that exists', () => {
    const models = [modelFixture({ id: 'm1', inputSize: 320 })];
    const chosen = form({ pretrained: { kind: 'model', modelId: 'm1' }, inputSize: 256 });
    expect(checkStep('pretrained', chosen, ctx({ models }))).toEqual({});
    expect(checkStep('pretrained', chosen, ctx())).toEqual({ model: 'training:pretrained.modelMissing' });
    expect(checkStep('settings', chosen, ctx({ models }))).toEqual({ inputSize: 'validation:training.pretrained' });
    expect(checkStep('settings', { ...chosen, inputSize: 320 }, ctx({ models }))).toEqual({});
  });

  it('checks iterations, learning rate and tag with the spec messages', () => {
    expect(checkStep('settings', form({ iterations: '1.5', learningRate: '0.2' }), ctx())).toEqual({
      iterations: 'validation:iterations',
      learningRate: 'validation:invalid',
    });
    expect(checkStep('tag', form({ modelTag: `${'a'.repeat(20)}  ` }), ctx())).toEqual({});
    expect(checkStep('tag', form({ modelTag: 'a'.repeat(21) }), ctx())).toEqual({ modelTag: 'validation:max20' });
  });

  it('needs an online trainer; auto is estimated with the free, fastest one', () => {
    const slow = trainerFixture({ id: 'slow', featureMsPerImage: 90 });
    const busy = trainerFixture({ id: 'busy', busy: true, featureMsPerImage: 10 });
    const off = trainerFixture({ id: 'off', online: false, featureMsPerImage: 1 });
    expect(autoTrainer([slow, busy, off, trainerFixture()])?.id).toBe('tr1');
    expect(checkStep('server', form(), ctx({ trainers: [off] }))).toEqual({ trainer: 'errors:trainer_unavailable' });
    expect(checkStep('server', form({ trainerId: 'off' }), ctx({ trainers: [off, slow] }))).toEqual({
      trainer: 'training:server.chooseOnline',
    });
    expect(checkStep('server', form({ trainerId: 'slow' }), ctx({ trainers: [off, slow] }))).toEqual({});
  });

  it('builds the request: project split with its seed, chosen labels, trimmed tag or none', () => {
    const body = toCreate(form({ modelTag: '  v2 ', labelIds: ['l2', 'gone'], iterations: '5' }), ctx());
    expect(body).toMatchObject({
      split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 },
      labelIds: ['l2'],
      pretrained: { kind: 'backbone', backbone: 'mobilenet-v2' },
      modelTag: 'v2',
      hyperparameters: { iterations: 5, batchSize: 16, learningRate: 0.001, inputSize: 256 },
    });
    expect('modelTag' in toCreate(form({ modelTag: '   ' }), ctx())).toBe(false);
  });

  it('sends a server field error to the step that owns it', () => {
    expect(stepOfField('hyperparameters.iterations')).toBe('settings');
    expect(stepOfField('split.test')).toBe('split');
    expect(stepOfField('labelIds.0')).toBe('datasets');
    expect(stepOfField('pretrained.modelId')).toBe('pretrained');
    expect(stepOfField('modelTag')).toBe('tag');
    expect(stepOfField('trainerId')).toBe('server');
    expect(stepOfField('other')).toBe('overview');
  });
});
