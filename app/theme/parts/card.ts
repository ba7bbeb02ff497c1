import { Card } from '@chakra-ui/react';
import { cardSlotRecipe } from 'chakra-theme/recipes/card';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ card: cardSlotRecipe });

export { Card };
