import { Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../../../contract/apiSupport';
import { setCurrentOrganization } from '../../../state/organization';
import { CreateOrganizationDialog } from './CreateOrganizationDialog';

/**
 * The organization page while the console works in Personal: what an organization is for, the
 * user's organizations to switch to, and a button to create one.
 */
export function PersonalPanel({ organizations, loading }: { organizations?: Organization[]; loading: boolean }) {
  const { t } = useTranslation('organization');
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="6" data-testid="org-personal">
      <Stack gap="2" borderWidth="1px" borderRadius="l3" p="5">
        <Text as="h2" fontWeight="700" fontSize="lg">
          {t('page.personalTitle')}
        </Text>
        <Text color="fg.muted">{t('page.personalText')}</Text>
        <HStack>
          <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="org-create-open">
            {t('create.open')}
          </Button>
        </HStack>
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="org-mine-title">
        <Text as="h2" id="org-mine-title" fontWeight="700" fontSize="lg">
          {t('page.chooseOrganization')}
        </Text>
        {loading ? (
          <Skeleton h="12" />
        ) : !organizations?.length ? (
          <Text color="fg.muted">{t('page.noOrganizations')}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="org-mine">
            {organizations.map((org) => (
              <HStack as="li" key={org.id} gap="3" p="3" borderWidth="1px" borderRadius="l2" wrap="wrap">
                <Text fontWeight="600" flex="1" minW="40" truncate>
                  {org.name}
                </Text>
                <Badge>{t(`roles.${org.role}`)}</Badge>
                <Text fontSize="sm" color="fg.muted">
                  {t('page.memberCount', { count: org.memberCount })}
                </Text>
                <Button size="sm" variant="outline" onClick={() => setCurrentOrganization(org.id)}>
                  {t('page.switchTo', { name: org.name })}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
