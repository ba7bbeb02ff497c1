import { describe, expect, it } from 'vitest';
import { formatDuration, percent, stepStates } from './trainingSteps';

const states = (status: Parameters<typeof stepStates>[0]['status'], step: Parameters<typeof stepStates>[0]['step']) =>
  stepStates({ status, step }).map((s) => s.state);

describe('stepStates', () => {
  it('a queued training is ready to start', () => {
    expect(states('queued', 'ready')).toEqual(['current', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('a running one has the steps before its own done', () => {
    expect(states('running', 'uploading')).toEqual(['done', 'done', 'done', 'current', 'pending', 'pending']);
  });

  it('a completed one has every step done', () => {
    expect(states('completed', 'completed')).toEqual(Array(6).fill('done'));
  });

  it('failed and stopped mark the step where it ended', () => {
    expect(states('failed', 'testing')).toEqual(['done', 'done', 'done', 'done', 'failed', 'pending']);
    expect(states('stopped', 'learning')).toEqual(['done', 'done', 'stopped', 'pending', 'pending', 'pending']);
  });
});

describe('formatting', () => {
  const units = { h: 'h', min: 'min', s: 's' };
  it('durations', () => {
    expect(formatDuration(42.4, units)).toBe('42 s');
    expect(formatDuration(125, units)).toBe('2 min 05 s');
    expect(formatDuration(3725, units)).toBe('1 h 02 min');
    expect(formatDuration(-3, units)).toBe('0 s');
  });
  it('percentages', () => {
    expect(percent(0.9333)).toBe('93.3%');
    expect(percent(null)).toBe('—');
    expect(percent(Number.NaN)).toBe('—');
  });
});
