import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_STATES } from '../../../contract/apiDeploy';
import { canMoveTarget, isFinalState } from './targetTransitions';

describe('canMoveTarget', () => {
  it('moves forward through the rollout and to any final state', () => {
    expect(canMoveTarget('pending', 'downloading')).toBe(true);
    expect(canMoveTarget('pending', 'failed')).toBe(true);
    expect(canMoveTarget('downloading', 'downloading')).toBe(true);
    expect(canMoveTarget('downloading', 'activating')).toBe(true);
    expect(canMoveTarget('activating', 'succeeded')).toBe(true);
    expect(canMoveTarget('activating', 'rolled_back')).toBe(true);
  });

  it('never moves back, out of a final state, or into superseded', () => {
    expect(canMoveTarget('activating', 'downloading')).toBe(false);
    expect(canMoveTarget('downloading', 'pending')).toBe(false);
    for (const from of ['succeeded', 'failed', 'rolled_back', 'superseded'])
      for (const to of DEPLOYMENT_STATES) expect(canMoveTarget(from, to)).toBe(false);
    expect(canMoveTarget('pending', 'superseded')).toBe(false);
    expect(canMoveTarget('unknown', 'succeeded')).toBe(false);
  });

  it('knows the final states', () => {
    expect(DEPLOYMENT_STATES.filter(isFinalState)).toEqual(['succeeded', 'failed', 'rolled_back', 'superseded']);
  });
});
