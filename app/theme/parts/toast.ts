import { Toaster, Toast, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from 'chakra-theme/recipes/toast';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ toast: toastSlotRecipe });

export { Toaster, Toast, createToaster };
