import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { ModelsTable } from '../../models/ModelsTable';
import { modelFixture } from '../../training/trainingTestData';

const noop = () => undefined;

describe("the Models tab's Deploy action", () => {
  it('opens the new deployment with the project and the model chosen', () => {
    renderWithProviders(
      <ModelsTable
        projectId="p1"
        models={[modelFixture({ id: 'm1' }), modelFixture({ id: 'm 2', tag: null })]}
        actions={{
          download: noop,
          rename: noop,
          toggleAssist: noop,
          remove: noop,
          busyId: null,
          canDelete: false,
          canPost: false,
          trainingNumbers: new Map(),
        }}
      />,
      { locale: 'en' },
    );
    const links = screen.getAllByTestId('model-deploy');
    expect(links.map((a) => a.textContent)).toEqual(['Deploy', 'Deploy']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/console/deployments/new?project=p1&model=m1',
      '/console/deployments/new?project=p1&model=m+2',
    ]);
  });
});
