import { RadioGroup } from '@chakra-ui/react';
import { radioGroupSlotRecipe } from 'chakra-theme/recipes/radio-group';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ radioGroup: radioGroupSlotRecipe });

export { RadioGroup };
