import { Fieldset } from '@chakra-ui/react';
import { fieldsetSlotRecipe } from 'chakra-theme/recipes/fieldset';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ fieldset: fieldsetSlotRecipe });

export { Fieldset };
