import { Avatar } from '@chakra-ui/react';
import { avatarSlotRecipe } from 'chakra-theme/recipes/avatar';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ avatar: avatarSlotRecipe });

export { Avatar };
