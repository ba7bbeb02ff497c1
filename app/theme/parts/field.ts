import { Field } from '@chakra-ui/react';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ field: fieldSlotRecipe });

export { Field };
