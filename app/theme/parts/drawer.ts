import { Drawer } from '@chakra-ui/react';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ drawer: drawerSlotRecipe });

export { Drawer };
