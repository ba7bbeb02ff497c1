import { Stat } from '@chakra-ui/react';
import { statSlotRecipe } from 'chakra-theme/recipes/stat';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ stat: statSlotRecipe });

export { Stat };
