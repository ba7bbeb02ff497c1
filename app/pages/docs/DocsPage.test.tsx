import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import DocsPage from './DocsPage';
import { docSections } from './docSections';

describe('DocsPage', () => {
  it('has one h1 and a table of contents whose anchors all exist', () => {
    renderWithProviders(<DocsPage />, { path: '/docs', locale: 'en' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const toc = screen.getByTestId('docs-toc');
    const anchors = Array.from(toc.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(anchors).toEqual(docSections.map((s) => `#${s.id}`));
    for (const section of docSections) expect(document.getElementById(section.id)).not.toBeNull();
    expect(screen.getByTestId('shortcut-table')).toBeTruthy();
    expect(screen.getByTestId('role-table')).toBeTruthy();
    // Every text resolved: no raw keys left on the page.
    expect(document.body.textContent).not.toMatch(/sections\.\w+\./);
  });
});
