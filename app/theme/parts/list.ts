import { List } from '@chakra-ui/react';
import { listSlotRecipe } from 'chakra-theme/recipes/list';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ list: listSlotRecipe });

export { List };
