import { Breadcrumb } from '@chakra-ui/react';
import { breadcrumbSlotRecipe } from 'chakra-theme/recipes/breadcrumb';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ breadcrumb: breadcrumbSlotRecipe });

export { Breadcrumb };
