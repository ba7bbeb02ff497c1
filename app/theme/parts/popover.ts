import { Popover } from '@chakra-ui/react';
import { popoverSlotRecipe } from 'chakra-theme/recipes/popover';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ popover: popoverSlotRecipe });

export { Popover };
