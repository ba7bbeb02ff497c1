import { Tooltip } from '@chakra-ui/react';
import { tooltipSlotRecipe } from 'chakra-theme/recipes/tooltip';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ tooltip: tooltipSlotRecipe });

export { Tooltip };
