import { Tabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ tabs: tabsSlotRecipe });

export { Tabs };
