import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../../test/stubFetch';
import { ConsoleScope } from '../../ConsoleScope';
import { me, projectFixture } from '../../projects/projectsTestData';
import { modelFixture } from '../../training/trainingTestData';
import { deploymentFixture, edgePointFixture, targetFixture } from '../deployTestData';
import NewDeploymentPage from './NewDeploymentPage';

signedInConsoleTests();

const page = (
  <ConsoleScope>
    <NewDeploymentPage />
  </ConsoleScope>
);

function stub(over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects': () => json(200, [projectFixture({ role: 'member' })]),
    'GET projects/p1/models': () =>
      json(200, {
        items: [
          modelFixture(),
          modelFixture({ id: 'm2', tag: 'v2', task: 'classification', metrics: { accuracy: 0.9 } }),
        ],
      }),
    'GET projects/p1/points': () =>
      json(200, {
        items: [
          edgePointFixture(),
          edgePointFixture({ id: 'e2', name: 'Dock', connection: 'not_connected', model: null, version: null }),
        ],
      }),
    ...over,
  });
}

describe('NewDeploymentPage', () => {
  it('deploys the chosen model to the chosen points and follows each point until its state is final', async () => {
    let polls = 0;
    const calls = stub({
      'POST projects/p1/deployments': () =>
        json(
          201,
          deploymentFixture({
            model: { id: 'm2', tag: 'v2', task: 'classification', trainingId: null },
            targets: [targetFixture(), targetFixture({ pointId: 'e2', pointName: 'Dock' })],
          }),
        ),
      'GET projects/p1/deployments/d1': () => {
        polls += 1;
        return json(
          200,
          deploymentFixture({
            targets:
              polls < 2
                ? [
                    targetFixture({ state: 'downloading', progress: 0.5 }),
                    targetFixture({ pointId: 'e2', pointName: 'Dock' }),
                  ]
                : [
                    targetFixture({ state: 'succeeded' }),
                    targetFixture({ pointId: 'e2', pointName: 'Dock', state: 'failed', error: 'download_failed' }),
                  ],
          }),
        );
      },
    });
    renderWithProviders(page, { locale: 'en', path: '/console/deployments/new?project=p1&model=m2&point=e1' });
    const choices = await screen.findAllByTestId('point-choice');
    expect(choices).toHaveLength(2);
    const models = await screen.findAllByTestId('model-choice');
    expect((within(models[1]!).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(within(models[1]!).getByText('Accuracy 90.0%', { exact: false })).toBeTruthy();
    // The point from the address is ticked; add the second.
    expect(screen.getByTestId('deploy-submit').textContent).toBe('Deploy to 1 point');
    fireEvent.click(within(choices[1]!).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('deploy-submit').textContent).toBe('Deploy to 2 points'));
    fireEvent.click(screen.getByTestId('deploy-submit'));
    const progress = await screen.findByTestId('deployment-progress');
    await waitFor(() => expect(progress.getAttribute('data-finished')).toBe('true'), { timeout: 8000 });
    const targets = within(progress).getAllByTestId('deployment-target');
    expect(targets.map((x) => x.getAttribute('data-state'))).toEqual(['succeeded', 'failed']);
    expect(within(targets[1]!).getByTestId('deployment-error').textContent).toContain('could not be downloaded');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ modelId: 'm2', pointIds: ['e1', 'e2'] });
  });

  it('names the points that cannot run the model when the server refuses it', async () => {
    stub({
      'POST projects/p1/deployments': () =>
        apiError(400, 'deployment_unsupported', { fields: { 'pointIds.e2': 'validation:deployment.nodeVersion' } }),
    });
    renderWithProviders(page, { locale: 'en', path: '/console/deployments/new?project=p1&model=m1&point=e2' });
    await screen.findAllByTestId('point-choice');
    await waitFor(() => expect((screen.getByTestId('deploy-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('deploy-submit'));
    const alert = await screen.findByTestId('deploy-unsupported');
    expect(alert.textContent).toContain('Dock');
    const problem = await screen.findByTestId('point-problem');
    expect(problem.textContent).not.toBe('');
    expect(problem.textContent).not.toContain('validation:');
    expect(screen.queryByTestId('deployment-progress')).toBeNull();
  });
});
