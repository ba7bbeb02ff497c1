import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  DATA_KINDS,
  projectCreateSchema,
  SUBTYPES_BY_KIND,
  SUPPORTED_SUBTYPES,
  type DataKind,
  type Subtype,
} from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';
import { projectsApi } from '../../../api/projectsApi';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../../api/formErrors';
import { queryClient } from '../../../api/queryClient';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { ApiErrorText } from '../checkout/ApiErrorText';
import { toaster } from '../toaster';
import { useCurrentOrganization } from '../organization/useCurrentOrganization';
import { projectKeys } from './projectQueries';
import { SubtypeIcon } from './SubtypeIcon';

/**
 * The create dialog: title and description checked by the contract's schemas (the spec's exact
 * messages), then the data kind and its subtype. The project goes to the current organization
 * (or Personal), which the dialog states. Messages appear after the first try and follow
 * each keystroke from then on.
 */
export function ProjectCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['projects', 'organization', 'validation', 'errors']);
  const [, navigate] = useLocation();
  const { id: organizationId, current } = useCurrentOrganization();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<DataKind>('IMAGE');
  const [subtype, setSubtype] = useState<Subtype>('IMAGE_CLASSIFICATION');
  const [tried, setTried] = useState(false);
  const [serverFields, setServerFields] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const body = { title, description, subtype };
  const fields = tried ? { ...schemaFieldErrors(projectCreateSchema, body), ...serverFields } : serverFields;

  const create = useMutation({
    // The current organization at the moment of the click, so a switch in another tab cannot move it.
    mutationFn: (input: typeof body) =>
      projectsApi.create(organizationId === null ? input : { ...input, organizationId }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.project(project.id), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list });
      toaster.create({ type: 'success', title: t('projects:create.created') });
      close();
      navigate(projectHref(project.id));
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setServerFields(result.fields);
      setFormError(result.form);
    },
  });

  function close() {
    setTitle('');
    setDescription('');
    setKind('IMAGE');
    setSubtype('IMAGE_CLASSIFICATION');
    setTried(false);
    setServerFields({});
    setFormError(null);
    onClose();
  }

  const submit = () => {
    setTried(true);
    setFormError(null);
    if (Object.keys(schemaFieldErrors(projectCreateSchema, body)).length > 0) return;
    create.mutate(body);
  };

  const chooseKind = (next: DataKind) => {
    setKind(next);
    setSubtype(SUBTYPES_BY_KIND[next][0]);
  };

  return (
    <AppDialog
      open={open}
      title={t('projects:create.title')}
      onClose={close}
      onConfirm={submit}
      autoClose={false}
      confirmText={t('projects:create.submit')}
      confirmDisabled={create.isPending}
      enterConfirm
      mobileFull
    >
      <Stack gap="4" data-testid="project-create">
        <Text fontSize="sm" color="fg.muted" data-testid="project-create-where">
          {organizationId === null
            ? t('organization:projects.createPersonal')
            : t('organization:projects.createIn', { name: current?.name ?? '' })}
        </Text>
        <Field.Root invalid={!!fields.title} required>
          <Field.Label>{t('projects:create.name')}</Field.Label>
          <Input
            name="title"
            value={title}
            autoComplete="off"
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              setServerFields(({ title: _drop, ...rest }) => rest);
            }}
          />
          {fields.title ? (
            <Field.ErrorText data-testid="title-error">{t(fields.title)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('projects:create.nameHint')}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={!!fields.description}>
          <Field.Label>{t('projects:create.description')}</Field.Label>
          <Textarea
            name="description"
            rows={3}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setServerFields(({ description: _drop, ...rest }) => rest);
            }}
          />
          {fields.description ? (
            <Field.ErrorText data-testid="description-error">{t(fields.description)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('projects:create.descriptionHint', { count: description.length })}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('projects:create.kind')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="kind"
              value={kind}
              onChange={(e) => chooseKind(e.currentTarget.value as DataKind)}
            >
              {DATA_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`projects:kinds.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('projects:create.subtype')}</Field.Label>
          <Stack direction="row" align="center" gap="3" w="full">
            <SubtypeIcon subtype={subtype} />
            <NativeSelect.Root flex="1">
              <NativeSelect.Field
                name="subtype"
                value={subtype}
                onChange={(e) => setSubtype(e.currentTarget.value as Subtype)}
              >
                {SUBTYPES_BY_KIND[kind].map((s) => (
                  <option key={s} value={s}>
                    {t(`projects:subtypes.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          {!SUPPORTED_SUBTYPES.includes(subtype) && (
            <Field.HelperText data-testid="files-only">{t('projects:create.filesOnly')}</Field.HelperText>
          )}
        </Field.Root>
        {formError && <ApiErrorText error={create.error} />}
      </Stack>
    </AppDialog>
  );
}
