import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { StudioAction } from '../../../../contract/studioKeymap';
import { useKeyHint } from './useKeyHint';

/** Every tool of the manual, with the key action that selects or runs it (none for the mouse-only ones). */
const TOPICS: readonly { topic: string; action?: StudioAction }[] = [
  { topic: 'select', action: 'select' },
  { topic: 'pan', action: 'pan' },
  { topic: 'box', action: 'box' },
  { topic: 'polygon', action: 'polygon' },
  { topic: 'assistPoint', action: 'assistPoint' },
  { topic: 'assistAi' },
  { topic: 'zoomIn', action: 'zoomIn' },
  { topic: 'zoomOut', action: 'zoomOut' },
  { topic: 'fit', action: 'fit' },
  { topic: 'fullscreen', action: 'fullscreen' },
  { topic: 'adjustments' },
  { topic: 'labels', action: 'label1' },
  { topic: 'multiSelect', action: 'selectAll' },
  { topic: 'copyPaste', action: 'copy' },
  { topic: 'copyPrevious', action: 'copyPrevious' },
  { topic: 'hideLock', action: 'toggleHidden' },
  { topic: 'undo', action: 'undo' },
  { topic: 'save', action: 'save' },
  { topic: 'navigate', action: 'nextImage' },
  { topic: 'shortcuts', action: 'cheatSheet' },
];

/** The manual: what every tool does, in the user's language, with its key. */
export function HelpPanel() {
  const { t } = useTranslation('studio');
  const hint = useKeyHint();
  return (
    <Stack as="section" gap="2" p="3" fontSize="sm" aria-label={t('help.title')} data-testid="studio-help">
      <Text fontWeight="700">{t('help.title')}</Text>
      {TOPICS.map(({ topic, action }) => (
        <Stack key={topic} gap="0">
          <Text fontWeight="600">
            {t(`help.topics.${topic}.title`)}
            {action && hint(action) ? (
              <Text as="span" color="fg.muted" fontWeight="400">
                {' '}
                ({hint(action)})
              </Text>
            ) : null}
          </Text>
          <Text color="fg.muted">{t(`help.topics.${topic}.body`)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
