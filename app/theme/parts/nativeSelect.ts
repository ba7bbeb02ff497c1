import { NativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ nativeSelect: nativeSelectSlotRecipe });

export { NativeSelect };
