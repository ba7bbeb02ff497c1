import { Box, Button, CloseButton, HStack, Heading, Kbd, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BINDINGS_PER_ACTION_MAX,
  DEFAULT_KEYMAP,
  STUDIO_ACTIONS,
  type StudioAction,
} from '../../../../../contract/studioKeymap';
import { ACTION_GROUP, ACTION_GROUPS } from './actionGroups';
import { isDefaultBinding, overridesOf, sameKeymap } from './effectiveKeymap';
import { conflictsOf, findConflicts } from './findConflicts';
import { formatBinding } from './formatBinding';
import type { StudioKeymap } from './keyMatcher';
import { detectPlatform, type KeyPlatform } from './keyPlatform';
import { OWN_KEYS_ATTRIBUTE } from './keyTargets';
import { useKeymap } from './useKeymap';
import { useKeyRecorder } from './useKeyRecorder';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The key map settings: each action's keys, a new key recorded by pressing it, conflicts shown
 * where they are (saving waits until none is left), reset one or all; Save stores the map on the
 * server, so it follows the user to another browser.
 */
export function KeymapSettings({ platform = detectPlatform() }: { platform?: KeyPlatform }) {
  const { t } = useTranslation('studioKeys');
  const { keymap, save, isLoading, loadFailed } = useKeymap();
  const [draft, setDraft] = useState<StudioKeymap | null>(null);
  const [recording, setRecording] = useState<StudioAction | null>(null);
  const [unsupported, setUnsupported] = useState<StudioAction | null>(null);
  const [status, setStatus] = useState<Status>('idle');

  const current = draft ?? keymap;
  const conflicts = useMemo(() => findConflicts(current), [current]);
  const dirty = draft !== null && !sameKeymap(draft, keymap);
  const canSave = dirty && conflicts.length === 0 && !loadFailed && !isLoading && status !== 'saving';

  const edit = (next: StudioKeymap) => {
    setDraft(next);
    setStatus('idle');
  };
  const setKeys = (action: StudioAction, keys: readonly string[]) => edit({ ...current, [action]: keys });

  useKeyRecorder(recording !== null, platform, {
    onRecord: (binding) => {
      if (recording && !current[recording].includes(binding)) setKeys(recording, [...current[recording], binding]);
      setUnsupported(null);
      setRecording(null);
    },
    onCancel: () => setRecording(null),
    onUnsupported: () => setUnsupported(recording),
  });

  const onSave = async () => {
    setStatus('saving');
    try {
      await save(overridesOf(current));
      setDraft(null);
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  const name = (action: StudioAction) => t(`actions.${action}`);
  const keysText = (binding: string) => formatBinding(binding, platform).join('+');

  return (
    <Stack gap="5" {...{ [OWN_KEYS_ATTRIBUTE]: '' }} data-testid="keymap-settings">
      <Text fontSize="sm" color="fg.muted">
        {t('settings.description')}
      </Text>
      {loadFailed && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('settings.loadFailed')}
        </Text>
      )}
      {ACTION_GROUPS.map((group) => (
        <Stack key={group} gap="1" as="section" aria-labelledby={`keymap-${group}`}>
          <Heading as="h3" size="sm" id={`keymap-${group}`}>
            {t(`groups.${group}`)}
          </Heading>
          {STUDIO_ACTIONS.filter((action) => ACTION_GROUP[action] === group).map((action) => {
            const keys = current[action];
            const clashes = conflictsOf(conflicts, action);
            const others = [...new Set(clashes.flatMap((c) => c.actions).filter((a) => a !== action))];
            const isRecording = recording === action;
            return (
              <Box key={action} data-action={action} py="1.5" borderBottomWidth="1px">
                <HStack gap="2" flexWrap="wrap" align="center">
                  <Text flex="1" minW="40" fontSize="sm">
                    {name(action)}
                  </Text>
                  <HStack gap="1" flexWrap="wrap">
                    {keys.length === 0 && (
                      <Text as="span" fontSize="sm" color="fg.muted">
                        {t('keys.none')}
                      </Text>
                    )}
                    {keys.map((binding) => (
                      <HStack key={binding} gap="0.5" data-binding={binding}>
                        <Kbd size="sm">{keysText(binding)}</Kbd>
                        <CloseButton
                          size="2xs"
                          variant="ghost"
                          aria-label={t('settings.remove', { keys: keysText(binding) })}
                          onClick={() =>
                            setKeys(
                              action,
                              keys.filter((k) => k !== binding),
                            )
                          }
                        />
                      </HStack>
                    ))}
                  </HStack>
                  <Button
                    size="xs"
                    variant={isRecording ? 'solid' : 'outline'}
                    colorPalette={isRecording ? 'brand' : undefined}
                    aria-pressed={isRecording}
                    disabled={!isRecording && keys.length >= BINDINGS_PER_ACTION_MAX}
                    title={
                      keys.length >= BINDINGS_PER_ACTION_MAX
                        ? t('settings.tooMany', { count: BINDINGS_PER_ACTION_MAX })
                        : undefined
                    }
                    onClick={() => {
                      setUnsupported(null);
                      setRecording(isRecording ? null : action);
                    }}
                    onBlur={() => {
                      if (isRecording) setRecording(null);
                    }}
                  >
                    {isRecording ? t('settings.recording') : t('settings.add')}
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={t('settings.resetAction', { action: name(action) })}
                    disabled={isDefaultBinding(action, keys)}
                    onClick={() => setKeys(action, DEFAULT_KEYMAP[action])}
                  >
                    {t('settings.reset')}
                  </Button>
                </HStack>
                {others.length > 0 && (
                  <Text fontSize="sm" color="fg.error" data-testid="keymap-conflict">
                    {t('settings.conflict', { actions: others.map(name).join(', ') })}
                  </Text>
                )}
                {unsupported === action && (
                  <Text fontSize="sm" color="fg.error">
                    {t('settings.unsupported')}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      ))}
      <HStack gap="2" justify="flex-end" flexWrap="wrap">
        <Box flex="1" role="status" fontSize="sm">
          {conflicts.length > 0 && <Text color="fg.error">{t('settings.conflictsBlock')}</Text>}
          {status === 'saved' && <Text color="fg.success">{t('settings.saved')}</Text>}
          {status === 'failed' && <Text color="fg.error">{t('settings.saveFailed')}</Text>}
        </Box>
        <Button
          variant="outline"
          onClick={() => edit({ ...DEFAULT_KEYMAP })}
          disabled={sameKeymap(current, DEFAULT_KEYMAP)}
        >
          {t('settings.resetAll')}
        </Button>
        <Button colorPalette="brand" onClick={() => void onSave()} disabled={!canSave} loading={status === 'saving'}>
          {t('settings.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
