import { Box } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';
import { Tabs } from '../theme/parts/tabs';

/** One tab (spec "Dialog and tab item": name, text, icon, append). */
export interface TabItem<T extends string = string> {
  /** The tab's value, passed to `onChange` and used as the key of `panels`. */
  name: T;
  /** Label. */
  text: ReactNode;
  /** Shown before the label; decorative (hidden from screen readers, the label names the tab). */
  icon?: ReactNode;
  /** Shown after the label, e.g. a count badge; read out with the label. */
  append?: ReactNode;
  disabled?: boolean;
}

type RootProps = ComponentProps<typeof Tabs.Root>;

export interface AppTabsProps<T extends string = string> extends Omit<
  RootProps,
  'value' | 'defaultValue' | 'onValueChange' | 'onChange' | 'children'
> {
  items: readonly TabItem<T>[];
  /** The selected tab's name (controlled: keep it in state or in the URL). */
  value: T;
  /** Called with the name of the tab the user selects (click, or arrow keys / Home / End). */
  onChange: (name: T) => void;
  /** Accessible name of the tab list, e.g. "Dataset views". */
  label?: string;
  /** Content per tab. Only the selected tab's content is mounted. */
  panels?: Partial<Record<T, ReactNode>>;
  /** Or: content of the selected tab, rendered on demand (takes precedence over `panels`). */
  children?: (name: T) => ReactNode;
}

/**
 * Tabs of the console pages, on Chakra's Tabs (WAI-ARIA tabs: roving focus, arrow keys, Home and
 * End; selection follows focus). Give the contents either as a `panels` map or as a render
 * prop `children(name)`; either way only the selected one is mounted, while every tab keeps a
 * (hidden) panel element so that each tab's `aria-controls` points at something.
 *
 * @example
 * <AppTabs items={[{ name: 'images', text: t('images'), append: <Badge>{count}</Badge> }, { name: 'labels', text: t('labels') }]}
 *   value={tab} onChange={setTab}>{(name) => (name === 'images' ? <ImageList /> : <LabelList />)}</AppTabs>
 */
export function AppTabs<T extends string = string>({
  items,
  value,
  onChange,
  label,
  panels,
  children,
  ...root
}: AppTabsProps<T>) {
  return (
    <Tabs.Root value={value} onValueChange={(details) => onChange(details.value as T)} {...root}>
      <Tabs.List aria-label={label}>
        {items.map((item) => (
          <Tabs.Trigger key={item.name} value={item.name} disabled={item.disabled}>
            {item.icon != null && (
              <Box as="span" display="inline-flex" aria-hidden="true">
                {item.icon}
              </Box>
            )}
            {item.text}
            {item.append}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Content key={item.name} value={item.name}>
          {item.name === value ? (children ? children(item.name) : panels?.[item.name]) : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
