import { Dialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ dialog: dialogSlotRecipe });

export { Dialog };
