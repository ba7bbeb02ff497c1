import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { IMAGE_DELETE_MAX } from '../../../../contract/apiImageDelete';
import { ALL_MATCHING, NO_SELECTION, selectedCount, tooManyIds, type ImageSelection } from './imageSelection';

/** "N selected · Select all M matching the filter · Delete · Clear", shown while something is selected. */
export function SelectionBar({
  selection,
  total,
  onChange,
  onDelete,
}: {
  selection: ImageSelection;
  /** Images matching the filter. */
  total: number;
  onChange: (selection: ImageSelection) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('projects');
  const count = selectedCount(selection, total);
  const tooMany = tooManyIds(selection);
  if (count === 0 && !selection.all) return null;
  return (
    <HStack
      gap="2"
      wrap="wrap"
      px="3"
      py="2"
      borderRadius="l2"
      bg="bg.emphasized"
      role="region"
      aria-label={t('imageDelete.selected', { count })}
      data-testid="selection-bar"
    >
      <Text fontWeight="600" fontSize="sm" aria-live="polite" data-testid="selection-count">
        {t('imageDelete.selected', { count })}
      </Text>
      {!(selection.all && selection.except.size === 0) && total > count && (
        <Button size="xs" variant="ghost" onClick={() => onChange(ALL_MATCHING)} data-testid="select-all-matching">
          {t('imageDelete.selectAll', { count: total })}
        </Button>
      )}
      <Button
        size="xs"
        colorPalette="red"
        onClick={onDelete}
        disabled={count === 0 || tooMany}
        data-testid="selection-delete"
      >
        {t('imageDelete.delete')}
      </Button>
      <Button
        size="xs"
        variant="outline"
        aria-label={t('imageDelete.clearLabel')}
        onClick={() => onChange(NO_SELECTION)}
        data-testid="selection-clear"
      >
        {t('imageDelete.clear')}
      </Button>
      {tooMany && (
        <Text fontSize="sm" color="fg.error" w="full">
          {t('imageDelete.tooMany', { max: IMAGE_DELETE_MAX })}
        </Text>
      )}
    </HStack>
  );
}
