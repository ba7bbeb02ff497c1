import { Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { memberAddSchema, type Organization, type OrgRole } from '../../../../contract/apiSupport';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../../api/formErrors';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { invitationsKey } from '../invitations/invitationsApi';
import { toaster } from '../toaster';
import { assignableRoles } from './memberPermissions';
import { organizationApi, organizationKeys } from './organizationApi';
import { useRefreshOrganization } from './organizationMutations';

/**
 * Add a member by e-mail with a role: an address with an account joins at once ('Added'), any
 * other gets an invitation mail ('Invitation sent to …') and shows under pending invitations.
 */
export function InviteMemberForm({ org }: { org: Organization }) {
  const { t } = useTranslation(['organization', 'validation', 'errors']);
  const client = useQueryClient();
  const refresh = useRefreshOrganization();
  const roles = assignableRoles(org.role);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>('member');
  const [fields, setFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const invite = useMutation({
    mutationFn: () => organizationApi.addMember(org.id, { email: email.trim(), role }),
    onSuccess: (result) => {
      setEmail('');
      if ('userId' in result) {
        toaster.create({ type: 'success', title: t('organization:invite.added', { email: result.email }) });
        void client.invalidateQueries({ queryKey: organizationKeys.members(org.id) });
        refresh(org.id);
        return;
      }
      toaster.create({ type: 'success', title: t('organization:invite.sent', { email: result.email }) });
      void client.invalidateQueries({ queryKey: invitationsKey('organization', org.id) });
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFields(result.fields);
      // The server's only conflict here is an address that is already a member.
      setFormError(errorCodeOf(error) === 'conflict' ? 'organization:invite.already' : result.form);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const next = schemaFieldErrors(memberAddSchema, { email: email.trim(), role });
    setFields(next);
    if (Object.keys(next).length === 0) invite.mutate();
  };

  return (
    <chakra.form onSubmit={submit} noValidate data-testid="org-invite" aria-labelledby="org-invite-title">
      <Stack gap="3">
        <Text as="h3" id="org-invite-title" fontWeight="700">
          {t('organization:invite.title')}
        </Text>
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root invalid={!!fields.email} required flex="1" minW="56">
            <Field.Label>{t('organization:invite.email')}</Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setFields({});
                setFormError(null);
              }}
              data-testid="org-invite-email"
            />
            {fields.email && <Field.ErrorText>{t(fields.email)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root w="36">
            <Field.Label>{t('organization:invite.role')}</Field.Label>
            <NativeSelect.Root size="md">
              <NativeSelect.Field
                name="role"
                value={role}
                onChange={(e) => setRole(e.currentTarget.value as OrgRole)}
                data-testid="org-invite-role"
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {t(`organization:roles.${r}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={invite.isPending} data-testid="org-invite-submit">
            {t('organization:invite.submit')}
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {org.role === 'admin' ? t('organization:invite.adminOnlyMembers') : t('organization:invite.hint')}
        </Text>
        {formError && (
          <Text color="fg.error" role="alert" data-testid="org-invite-error">
            {t(formError, { email: email.trim() })}
          </Text>
        )}
      </Stack>
    </chakra.form>
  );
}
