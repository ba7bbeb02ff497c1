import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { STUDIO_ACTIONS } from '../../../../../contract/studioKeymap';
import { AppDialog } from '../../../../components/Dialog';
import { Table } from '../../../../theme/parts/table';
import { ACTION_GROUP, ACTION_GROUPS } from './actionGroups';
import { BindingKeys } from './BindingKeys';
import type { StudioKeymap } from './keyMatcher';
import { detectPlatform, type KeyPlatform } from './keyPlatform';

export interface CheatSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The effective key map (useKeymap().keymap), so remapped keys show as they act. */
  keymap: StudioKeymap;
  platform?: KeyPlatform;
}

/** Every studio action with its keys, by group; opened with '?'. */
export function CheatSheet({ open, onOpenChange, keymap, platform = detectPlatform() }: CheatSheetProps) {
  const { t } = useTranslation('studioKeys');
  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('cheatSheet.title')}
      cancelText={null}
      width={720}
      mobileFull
    >
      <Stack gap="5" data-testid="cheat-sheet">
        <Text fontSize="sm" color="fg.muted">
          {t('cheatSheet.imeNote')}
        </Text>
        {ACTION_GROUPS.map((group) => (
          <Stack key={group} gap="2" as="section" aria-labelledby={`cheat-sheet-${group}`}>
            <Heading as="h3" size="sm" id={`cheat-sheet-${group}`}>
              {t(`groups.${group}`)}
            </Heading>
            <Table.Root size="sm" data-group={group}>
              <Table.Header srOnly>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('cheatSheet.action')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{t('cheatSheet.keys')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {STUDIO_ACTIONS.filter((action) => ACTION_GROUP[action] === group).map((action) => (
                  <Table.Row key={action} data-action={action}>
                    <Table.Cell whiteSpace="normal">{t(`actions.${action}`)}</Table.Cell>
                    <Table.Cell w="45%">
                      {keymap[action].length > 0 ? (
                        <BindingKeys bindings={keymap[action]} platform={platform} />
                      ) : (
                        <Text as="span" color="fg.muted">
                          {t('keys.none')}
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Stack>
        ))}
      </Stack>
    </AppDialog>
  );
}
