import { Progress } from '@chakra-ui/react';
import { progressSlotRecipe } from 'chakra-theme/recipes/progress';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ progress: progressSlotRecipe });

export { Progress };
