import { Box, Kbd } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '../../theme/parts/table';

interface Shortcut {
  /** Key under `shortcuts.rows`. */
  action: string;
  /** Alternatives (or the ends of a range); each is a combination pressed together. */
  keys: readonly (readonly string[])[];
  range?: boolean;
}

/** The studio's keyboard shortcuts as documented for users. */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'select', keys: [['V']] },
  { action: 'move', keys: [['H']] },
  { action: 'pan', keys: [['Space']] },
  { action: 'box', keys: [['B']] },
  { action: 'zoomIn', keys: [['+'], ['=']] },
  { action: 'zoomOut', keys: [['-']] },
  { action: 'fit', keys: [['0']] },
  { action: 'fullscreen', keys: [['F']] },
  { action: 'label', keys: [['1'], ['9']], range: true },
  { action: 'nudge', keys: [['↑'], ['↓'], ['←'], ['→']] },
  { action: 'delete', keys: [['Delete'], ['Backspace']] },
  { action: 'undo', keys: [['Ctrl', 'Z']] },
  {
    action: 'redo',
    keys: [
      ['Ctrl', 'Shift', 'Z'],
      ['Ctrl', 'Y'],
    ],
  },
  { action: 'prevNext', keys: [['A'], ['D']] },
  { action: 'cancel', keys: [['Esc']] },
];

function Keys({ shortcut }: { shortcut: Shortcut }) {
  return (
    <Box as="span" display="inline-flex" flexWrap="wrap" alignItems="center" gap="1">
      {shortcut.keys.map((combo, i) => (
        <Fragment key={combo.join('+')}>
          {i > 0 && (
            <Box as="span" color="fg.muted" aria-hidden="true">
              {shortcut.range ? '–' : '/'}
            </Box>
          )}
          <Box as="span" display="inline-flex" alignItems="center" gap="1" whiteSpace="nowrap">
            {combo.map((key, j) => (
              <Fragment key={key}>
                {j > 0 && (
                  <Box as="span" color="fg.muted">
                    +
                  </Box>
                )}
                <Kbd size="sm">{key}</Kbd>
              </Fragment>
            ))}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** The keyboard shortcut table of the studio section. */
export function ShortcutTable() {
  const { t } = useTranslation('docs');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="shortcut-table">
        <Table.Caption srOnly>{t('shortcuts.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col" w={{ base: '45%', md: '35%' }}>
              {t('shortcuts.keys')}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('shortcuts.action')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {SHORTCUTS.map((shortcut) => (
            <Table.Row key={shortcut.action}>
              <Table.Cell>
                <Keys shortcut={shortcut} />
              </Table.Cell>
              <Table.Cell whiteSpace="normal">{t(`shortcuts.rows.${shortcut.action}`)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
