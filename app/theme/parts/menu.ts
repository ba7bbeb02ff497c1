import { Menu } from '@chakra-ui/react';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ menu: menuSlotRecipe });

export { Menu };
