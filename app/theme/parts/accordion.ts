import { Accordion } from '@chakra-ui/react';
import { accordionSlotRecipe } from 'chakra-theme/recipes/accordion';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ accordion: accordionSlotRecipe });

export { Accordion };
