import { Checkbox } from '@chakra-ui/react';
import { checkboxSlotRecipe } from 'chakra-theme/recipes/checkbox';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ checkbox: checkboxSlotRecipe });

export { Checkbox };
