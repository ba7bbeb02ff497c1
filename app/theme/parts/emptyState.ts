import { EmptyState } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from 'chakra-theme/recipes/empty-state';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ emptyState: emptyStateSlotRecipe });

export { EmptyState };
