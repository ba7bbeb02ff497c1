import { Tag } from '@chakra-ui/react';
import { tagSlotRecipe } from 'chakra-theme/recipes/tag';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ tag: tagSlotRecipe });

export { Tag };
