import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { trainingFixture } from '../../training/trainingTestData';
import { TrainingDeploymentsCell } from './TrainingDeploymentsCell';

describe('TrainingDeploymentsCell', () => {
  it('lists the points the model went to, the newest three, and offers to deploy a finished training', () => {
    const deployments = ['Gate', 'Dock', 'Line', 'Yard'].map((target, i) => ({
      id: `d${i}`,
      target,
      at: `2026-11-2${7 - i}T05:00:00.000Z`,
    }));
    const training = trainingFixture({ status: 'completed', modelId: 'm7', deployments });
    renderWithProviders(<TrainingDeploymentsCell projectId="p1" training={training} />, { locale: 'en' });
    const rows = screen.getAllByTestId('training-deployment').map((row) => row.textContent ?? '');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Gate');
    expect(rows[2]).toContain('Line');
    expect(screen.getByText('and 1 more')).toBeTruthy();
    expect(screen.getByTestId('training-deploy').getAttribute('href')).toBe(
      '/console/deployments/new?project=p1&model=m7',
    );
  });

  it('shows a dash and no deploy action for a training without a model', () => {
    renderWithProviders(
      <TrainingDeploymentsCell
        projectId="p1"
        training={trainingFixture({ status: 'failed', modelId: null, deployments: [] })}
      />,
      { locale: 'ko' },
    );
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByTestId('training-deploy')).toBeNull();
  });
});
