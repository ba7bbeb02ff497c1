import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { Input } from '@chakra-ui/react';
import { Tabs } from './parts/tabs';
import { system } from './system';

describe('lazily registered slot recipes', () => {
  it('are in the theme once their part is imported, and style the component', () => {
    expect(system.isSlotRecipe('tabs')).toBe(true);
    renderWithProviders(
      <Tabs.Root defaultValue="a">
        <Tabs.List>
          <Tabs.Trigger value="a">A</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>,
    );
    // A styled trigger carries the recipe's class (chakra-tabs__trigger) plus generated css.
    const trigger = screen.getByRole('tab', { name: 'A' });
    expect(trigger.className).toMatch(/chakra-tabs__trigger/);
    expect(trigger.className).toMatch(/css-/);
  });
});

describe('single-part recipes of the pages (pageRecipes.ts)', () => {
  it('are not in the base theme the landing page loads, and style inputs once registered', async () => {
    // renderWithProviders loads pageRecipes.ts as every page but the landing page does.
    expect(system.isRecipe('input')).toBe(true);
    expect(system.isRecipe('textarea')).toBe(true);
    renderWithProviders(<Input aria-label="name" />);
    expect(screen.getByRole('textbox', { name: 'name' }).className).toMatch(/css-/);
  });
});
