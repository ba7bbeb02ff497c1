import { Switch } from '@chakra-ui/react';
import { switchSlotRecipe } from 'chakra-theme/recipes/switch';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ switch: switchSlotRecipe });

export { Switch };
