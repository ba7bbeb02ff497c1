import { Table } from '@chakra-ui/react';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ table: tableSlotRecipe });

export { Table };
