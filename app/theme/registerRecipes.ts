import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';
import { system } from './system';

/**
 * Adds slot recipes to the live theme. Chakra looks recipes up by key when a component first
 * renders (styled-system/system.js: `theme.slotRecipes?.[key]`), so a recipe registered by the
 * module that exports the component is in place before any use. This keeps each multi-part
 * component's styles in the chunk of the pages that use it, instead of on every page.
 * `registerRecipes.test.tsx` guards the mechanism against a Chakra upgrade.
 */
export function registerSlotRecipes(recipes: Record<string, SlotRecipeConfig>): void {
  const theme = system._config.theme as { slotRecipes?: Record<string, SlotRecipeConfig> } | undefined;
  if (!theme) throw new Error('Chakra system has no theme');
  theme.slotRecipes ??= {};
  for (const [key, recipe] of Object.entries(recipes)) {
    if (!(key in theme.slotRecipes)) theme.slotRecipes[key] = recipe;
  }
}

/** The same for single-part recipes (looked up as `theme.recipes?.[key]`). */
export function registerRecipes(recipes: Record<string, RecipeDefinition>): void {
  const theme = system._config.theme as { recipes?: Record<string, RecipeDefinition> } | undefined;
  if (!theme) throw new Error('Chakra system has no theme');
  theme.recipes ??= {};
  for (const [key, recipe] of Object.entries(recipes)) {
    if (!(key in theme.recipes)) theme.recipes[key] = recipe;
  }
}
