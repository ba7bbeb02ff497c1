import { Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  PROJECT_ROLES,
  projectMemberAddSchema,
  type Project,
  type ProjectRole,
} from '../../../../contract/apiProjects';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { Avatar } from '../../../components/Avatar';
import { AppDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { auth } from '../../../state/auth';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { invitationsKey } from '../invitations/invitationsApi';
import { PendingInvitations } from '../invitations/PendingInvitations';
import { SettingsSection } from '../SettingsSection';
import { toaster } from '../toaster';
import { projectErrorKey } from './projectErrors';
import { projectKeys } from './projectQueries';

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: ProjectRole;
  onChange: (role: ProjectRole) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('projects');
  return (
    <NativeSelect.Root size="sm" w="36" disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as ProjectRole)}
      >
        {PROJECT_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * Members: invite by e-mail with a role, change roles, remove (admins); everyone sees the list.
 * An address without an account gets an invitation mail; admins see those still pending.
 */
export function ProjectMembersSection({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'invitations', 'validation', 'errors']);
  const client = useQueryClient();
  const me = useSnapshot(auth).user;
  const admin = project.role === 'admin';
  const members = useQuery({
    queryKey: projectKeys.members(project.id),
    queryFn: () => projectsApi.members(project.id),
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ProjectRole>('member');
  const [fields, setFields] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.members(project.id) });
  const fail = (error: unknown) => toaster.create({ type: 'error', title: t(projectErrorKey(error, project.id)) });

  const invite = useMutation({
    mutationFn: () => projectsApi.addMember(project.id, { email: email.trim(), role }),
    onSuccess: (result) => {
      setEmail('');
      if ('userId' in result) {
        toaster.create({ type: 'success', title: t('projects:settings.members.invited', { email: result.email }) });
        void refresh();
        return;
      }
      toaster.create({ type: 'success', title: t('invitations:sent', { email: result.email }) });
      void client.invalidateQueries({ queryKey: invitationsKey('project', project.id) });
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFields(result.fields);
      if (result.form) fail(error);
    },
  });
  const changeRole = useMutation({
    mutationFn: (v: { userId: string; role: ProjectRole }) => projectsApi.updateMember(project.id, v.userId, v.role),
    onSuccess: () => void refresh(),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => projectsApi.removeMember(project.id, userId),
    onSuccess: () => void refresh(),
    onError: fail,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(projectMemberAddSchema, { email: email.trim(), role });
    setFields(next);
    if (Object.keys(next).length === 0) invite.mutate();
  };

  return (
    <SettingsSection
      id="project-members"
      title={t('projects:settings.members.title')}
      description={t('projects:settings.members.description')}
    >
      {admin && (
        <chakra.form onSubmit={submit} noValidate data-testid="member-invite">
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root invalid={!!fields.email} required flex="1" minW="56">
              <Field.Label>{t('projects:settings.members.email')}</Field.Label>
              <Input
                name="email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              {fields.email && <Field.ErrorText>{t(fields.email)}</Field.ErrorText>}
            </Field.Root>
            <RoleSelect value={role} onChange={setRole} label={t('projects:settings.members.role')} />
            <Button type="submit" colorPalette="brand" loading={invite.isPending}>
              {t('projects:settings.members.invite')}
            </Button>
          </HStack>
        </chakra.form>
      )}
      {members.isError ? (
        <EmptyState message={t(`errors:${errorCodeOf(members.error)}`)} />
      ) : members.data?.length === 0 ? (
        <EmptyState />
      ) : (
        <Stack as="ul" gap="2" data-testid="member-list" listStyleType="none">
          {members.data?.map((m) => {
            const self = me !== null && String(me.id) === m.userId;
            return (
              <HStack as="li" key={m.userId} gap="3" py="2" borderBottomWidth="1px" wrap="wrap">
                <Avatar name={m.name} email={m.email} src={m.avatar} size={32} />
                <Stack gap="0" flex="1" minW="40">
                  <Text fontWeight="600">
                    {m.name}
                    {self && ` (${t('projects:settings.members.you')})`}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {m.email}
                  </Text>
                </Stack>
                {admin && !self ? (
                  <>
                    <RoleSelect
                      value={m.role}
                      label={t('projects:settings.members.roleOf', { name: m.name })}
                      onChange={(next) => changeRole.mutate({ userId: m.userId, role: next })}
                    />
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setRemoving({ userId: m.userId, name: m.name })}
                    >
                      {t('projects:settings.members.remove')}
                    </Button>
                  </>
                ) : (
                  <Text fontSize="sm">{t(`projects:roles.${m.role}`)}</Text>
                )}
              </HStack>
            );
          })}
        </Stack>
      )}
      <AppDialog
        open={removing !== null}
        title={t('projects:settings.members.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.userId)}
        confirmText={t('projects:settings.members.remove')}
      >
        {removing && t('projects:settings.members.removeConfirm', { name: removing.name })}
      </AppDialog>
      {admin && <PendingInvitations kind="project" targetId={project.id} canManage />}
    </SettingsSection>
  );
}
