import { SegmentGroup } from '@chakra-ui/react';
import { segmentGroupSlotRecipe } from 'chakra-theme/recipes/segment-group';
import { registerSlotRecipes } from '../registerRecipes';

registerSlotRecipes({ segmentGroup: segmentGroupSlotRecipe });

export { SegmentGroup };
