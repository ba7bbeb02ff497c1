import { Button, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { StrokeIcon } from '../../../components/StrokeIcon';
import { NAV_ICONS } from '../../../layouts/console/navIcons';
import { setCurrentOrganization } from '../../../state/organization';
import { Menu } from '../../../theme/parts/menu';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';
import { useCurrentOrganization } from './useCurrentOrganization';

/** The radio value of "Personal" (organization ids are UUIDs, so it cannot clash). */
const PERSONAL = 'personal';
const CHEVRON = 'M6 9l6 6 6-6';
const PLUS = 'M12 5v14M5 12h14';

/**
 * The console's organization switcher: "Personal" and the user's organizations (the current one
 * ticked), "New organization…" and "Manage" (the organization page). Switching changes which
 * projects the console lists and where new ones are created. Compact for the slim header; the
 * trigger shows only the name, truncated.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation('organization');
  const { id, current, organizations, isError } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  // A list that cannot load still leaves a named button (the menu offers Personal and Manage).
  const label = id === null ? t('personal') : (current?.name ?? (isError ? t('page.title') : t('switcher.loading')));
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-start' }}>
        <Menu.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            maxW={{ base: '40', md: '60' }}
            minW="0"
            gap="1.5"
            aria-label={t('switcher.open', { name: label })}
            data-testid="org-switcher"
          >
            <Text as="span" truncate data-testid="org-switcher-current">
              {label}
            </Text>
            <StrokeIcon path={CHEVRON} size={16} />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56" maxW="80" data-testid="org-switcher-menu">
              <Menu.RadioItemGroup
                value={id ?? PERSONAL}
                onValueChange={(e) => setCurrentOrganization(e.value === PERSONAL ? null : e.value)}
              >
                <Menu.ItemGroupLabel>{t('switcher.heading')}</Menu.ItemGroupLabel>
                <Menu.RadioItem value={PERSONAL} data-testid="org-option-personal">
                  <Text as="span" truncate flex="1">
                    {t('personal')}
                  </Text>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
                {organizations?.map((org) => (
                  <Menu.RadioItem key={org.id} value={org.id} data-testid="org-option">
                    <Text as="span" truncate flex="1">
                      {org.name}
                    </Text>
                    <Text as="span" fontSize="xs" color="fg.muted" flexShrink="0">
                      {t(`roles.${org.role}`)}
                    </Text>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
              <Menu.Separator />
              <Menu.Item value="create" onSelect={() => setCreating(true)} data-testid="org-switcher-create">
                <StrokeIcon path={PLUS} size={16} />
                {t('switcher.create')}
              </Menu.Item>
              <Menu.Item value="manage" asChild>
                <Link href={paths.consoleOrganization} data-testid="org-switcher-manage">
                  <StrokeIcon path={NAV_ICONS.organization} size={16} />
                  {t('switcher.manage')}
                </Link>
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
