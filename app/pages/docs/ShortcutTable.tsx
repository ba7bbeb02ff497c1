import { useTranslation } from 'react-i18next';
import { DEFAULT_KEYMAP, type StudioAction } from '../../../contract/studioKeymap';
import { BindingKeys } from '../console/studio/keys/BindingKeys';
import { detectPlatform, type KeyPlatform } from '../console/studio/keys/keyPlatform';
import { Table } from '../../theme/parts/table';

export interface ShortcutRow {
  /** Key under `shortcuts.rows`. */
  row: string;
  actions: readonly StudioAction[];
  /** Show the first and the last action's key as a range (1–9). */
  range?: boolean;
  /** Leave out the Shift variants: the row's text explains what Shift adds. */
  unshifted?: boolean;
}

/**
 * The studio's default keys as the guide documents them: every action of the contract's key map
 * in one row (a row may group actions, such as the nine label keys).
 */
export const SHORTCUT_ROWS: readonly ShortcutRow[] = [
  { row: 'select', actions: ['select'] },
  { row: 'move', actions: ['pan'] },
  { row: 'pan', actions: ['panHold'] },
  { row: 'box', actions: ['box'] },
  { row: 'polygon', actions: ['polygon'] },
  { row: 'assistPoint', actions: ['assistPoint'] },
  { row: 'assistAi', actions: ['assistAi'] },
  { row: 'zoomIn', actions: ['zoomIn'] },
  { row: 'zoomOut', actions: ['zoomOut'] },
  { row: 'fit', actions: ['fit'] },
  { row: 'zoomToSelection', actions: ['zoomToSelection'] },
  { row: 'fullscreen', actions: ['fullscreen'] },
  {
    row: 'label',
    actions: ['label1', 'label2', 'label3', 'label4', 'label5', 'label6', 'label7', 'label8', 'label9'],
    range: true,
  },
  { row: 'nudge', actions: ['nudgeUp', 'nudgeDown', 'nudgeLeft', 'nudgeRight'], unshifted: true },
  { row: 'delete', actions: ['delete'] },
  { row: 'selectAll', actions: ['selectAll'] },
  { row: 'cycle', actions: ['cycleNext', 'cyclePrevious'] },
  { row: 'copy', actions: ['copy'] },
  { row: 'paste', actions: ['paste'] },
  { row: 'copyPrevious', actions: ['copyPrevious'] },
  { row: 'toggleHidden', actions: ['toggleHidden'] },
  { row: 'hideAll', actions: ['hideAll'] },
  { row: 'toggleLocked', actions: ['toggleLocked'] },
  { row: 'undo', actions: ['undo'] },
  { row: 'redo', actions: ['redo'] },
  { row: 'save', actions: ['save'] },
  { row: 'prevNext', actions: ['previousImage', 'nextImage'] },
  { row: 'confirm', actions: ['confirm'] },
  { row: 'cancel', actions: ['cancel'] },
  { row: 'cheatSheet', actions: ['cheatSheet'] },
];

/** The bindings a row shows, from the default key map. */
export function rowBindings({ actions, range, unshifted }: ShortcutRow): string[] {
  if (range) return [DEFAULT_KEYMAP[actions[0]!][0]!, DEFAULT_KEYMAP[actions[actions.length - 1]!][0]!];
  const all = [...new Set(actions.flatMap((action) => DEFAULT_KEYMAP[action]))];
  return unshifted ? all.filter((binding) => !binding.startsWith('shift+')) : all;
}

/** The keyboard shortcut table of the studio section. */
export function ShortcutTable({ platform = detectPlatform() }: { platform?: KeyPlatform }) {
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
          {SHORTCUT_ROWS.map((shortcut) => (
            <Table.Row key={shortcut.row} data-row={shortcut.row}>
              <Table.Cell>
                <BindingKeys bindings={rowBindings(shortcut)} platform={platform} range={shortcut.range} />
              </Table.Cell>
              <Table.Cell whiteSpace="normal">{t(`shortcuts.rows.${shortcut.row}`)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
