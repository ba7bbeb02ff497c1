import { Badge, Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_NAME_MAX, type Organization } from '../../../../contract/apiSupport';
import { formErrorOf } from '../../../api/formErrors';
import { Field } from '../../../theme/parts/field';
import { toaster } from '../toaster';
import { organizationApi } from './organizationApi';
import { useRefreshOrganization } from './organizationMutations';
import { organizationNameError } from './organizationName';

/** The organization's name (renamed in place by owners and admins), the caller's role and its counts. */
export function OrganizationHeader({ org }: { org: Organization }) {
  const { t, i18n } = useTranslation(['organization', 'validation', 'errors']);
  const refresh = useRefreshOrganization();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(org.name);
  const [error, setError] = useState<string | null>(null);
  const canRename = org.role === 'owner' || org.role === 'admin';

  const rename = useMutation({
    mutationFn: (value: string) => organizationApi.rename(org.id, value),
    onSuccess: (updated) => {
      refresh(org.id, updated);
      setEditing(false);
      toaster.create({ type: 'success', title: t('organization:rename.saved') });
    },
    onError: (failure) => {
      const result = formErrorOf(failure);
      setError(result.fields.name ?? result.form);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = organizationNameError(name.trim());
    setError(next);
    if (!next) rename.mutate(name.trim());
  };

  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(org.createdAt));
  return (
    <Stack gap="3" data-testid="org-header">
      {editing ? (
        <chakra.form onSubmit={submit} noValidate data-testid="org-rename">
          <HStack gap="2" align="start" wrap="wrap">
            <Field.Root invalid={!!error} required flex="1" minW="56">
              <Field.Label srOnly>{t('organization:form.name')}</Field.Label>
              <Input
                name="name"
                value={name}
                autoFocus
                onChange={(e) => setName(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setEditing(false);
                }}
              />
              {error && <Field.ErrorText>{t(error, { max: ORG_NAME_MAX })}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={rename.isPending}>
              {t('organization:rename.save')}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t('organization:rename.cancel')}
            </Button>
          </HStack>
        </chakra.form>
      ) : (
        <HStack gap="3" wrap="wrap">
          <Text as="h2" fontSize="2xl" fontWeight="700" data-testid="org-name" wordBreak="break-word">
            {org.name}
          </Text>
          {canRename && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setName(org.name);
                setError(null);
                setEditing(true);
              }}
              data-testid="org-rename-open"
            >
              {t('organization:rename.edit')}
            </Button>
          )}
        </HStack>
      )}
      <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
        <Badge colorPalette={org.role === 'member' ? 'gray' : 'brand'} data-testid="org-my-role">
          {t('organization:page.yourRole', { role: t(`organization:roles.${org.role}`) })}
        </Badge>
        <span>{t('organization:page.memberCount', { count: org.memberCount })}</span>
        <span data-testid="org-project-count">{t('organization:page.projectCount', { count: org.projectCount })}</span>
        <span>{t('organization:page.created', { date: created })}</span>
      </HStack>
    </Stack>
  );
}
