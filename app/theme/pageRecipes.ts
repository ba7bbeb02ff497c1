import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { checkmarkRecipe } from 'chakra-theme/recipes/checkmark';
import { codeRecipe } from 'chakra-theme/recipes/code';
import { colorSwatchRecipe } from 'chakra-theme/recipes/color-swatch';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { inputAddonRecipe } from 'chakra-theme/recipes/input-addon';
import { kbdRecipe } from 'chakra-theme/recipes/kbd';
import { markRecipe } from 'chakra-theme/recipes/mark';
import { radiomarkRecipe } from 'chakra-theme/recipes/radiomark';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { registerRecipes } from './registerRecipes';

/*
 * Single-part recipes of the form and text components no shell part or landing section uses.
 * Loaded together with every other page's chunk (app/routes/pages.ts), they stay out of the
 * landing page's budget while being in place before any page renders an input or a badge.
 */
registerRecipes({
  badge: badgeRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  colorSwatch: colorSwatchRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  kbd: kbdRecipe,
  mark: markRecipe,
  radiomark: radiomarkRecipe,
  textarea: textareaRecipe,
});
