import { Alert } from '@chakra-ui/react';
import { alertSlotRecipe } from 'chakra-theme/recipes/alert';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ alert: alertSlotRecipe });

export { Alert };
