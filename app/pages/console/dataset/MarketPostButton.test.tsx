import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { projectFixture } from '../projects/projectsTestData';
import { MarketPostButton } from './MarketPostButton';

describe('MarketPostButton', () => {
  it("opens the post form with the project chosen, for the project's admins only", () => {
    const { unmount } = renderWithProviders(
      <MarketPostButton project={projectFixture({ id: 'p7', role: 'admin' })} />,
      {
        locale: 'en',
      },
    );
    expect(screen.getByTestId('dataset-market-post').getAttribute('href')).toBe('/console/market/new?project=p7');
    expect(screen.getByTestId('dataset-market-post').textContent).toBe('Post to market');
    unmount();
    renderWithProviders(<MarketPostButton project={projectFixture({ id: 'p7', role: 'member' })} />);
    expect(screen.queryByTestId('dataset-market')).toBeNull();
  });
});
