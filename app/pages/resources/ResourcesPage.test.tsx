import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import ResourcesPage from './ResourcesPage';

const page = (
  <Route path={paths.resources}>
    <ResourcesPage />
  </Route>
);

describe('ResourcesPage', () => {
  it('shows the market home with the two categories', () => {
    renderWithProviders(page, { path: '/resources' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('마켓');
    expect(screen.getByRole('link', { name: '데이터셋 둘러보기' }).getAttribute('href')).toBe('/resources/dataset');
    expect(screen.getByRole('link', { name: '모델 둘러보기' }).getAttribute('href')).toBe('/resources/model');
  });

  it('shows an empty dataset list with labelled filters kept in the query', () => {
    const { location } = renderWithProviders(page, { path: '/resources/dataset' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('학습 데이터셋');
    expect(screen.getByText('아직 등록된 데이터셋이 없습니다.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('활용 분야'), { target: { value: 'medical' } });
    expect(location.history?.at(-1)).toBe('/resources/dataset?field=medical');
    expect((screen.getByLabelText('활용 분야') as HTMLSelectElement).value).toBe('medical');
  });

  it('answers 404 for an unknown category', () => {
    renderWithProviders(page, { path: '/resources/music' });
    expect(screen.getByTestId('error-page').dataset.status).toBe('404');
  });
});
