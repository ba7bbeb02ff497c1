import { Button, chakra, Input, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { projectUpdateSchema, type Project } from '../../../../contract/apiProjects';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { Field } from '../../../theme/parts/field';
import { SettingsSection } from '../SettingsSection';
import { toaster } from '../toaster';
import { projectErrorKey } from './projectErrors';
import { useProjectUpdated } from './projectQueries';

/** Title and description, with the create dialog's rules; read-only for non-admins. */
export function ProjectGeneralSection({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'console', 'validation', 'errors']);
  const updated = useProjectUpdated();
  const [title, setTitle] = useState(project.title);
  const [description, setDescription] = useState(project.description);
  const [fields, setFields] = useState<FieldErrors>({});
  const admin = project.role === 'admin';
  const save = useMutation({
    mutationFn: (body: { title: string; description: string }) => projectsApi.update(project.id, body),
    onSuccess: (next) => {
      updated(next);
      toaster.create({ type: 'success', title: t('console:toast.saved') });
    },
    onError: (error) => {
      const result = formErrorOf(error);
      setFields(result.fields);
      toaster.create({
        type: 'error',
        title: t('console:toast.saveFailed'),
        description: t(projectErrorKey(error, project.id)),
      });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = schemaFieldErrors(projectUpdateSchema, { title, description });
    setFields(next);
    if (Object.keys(next).length === 0) save.mutate({ title, description });
  };
  return (
    <SettingsSection
      id="project-general"
      title={t('projects:settings.general.title')}
      description={admin ? undefined : t('projects:settings.adminOnly')}
    >
      <chakra.form onSubmit={submit} noValidate data-testid="project-general-form">
        <Stack gap="5" maxW="lg">
          <Field.Root invalid={!!fields.title} required disabled={!admin}>
            <Field.Label>{t('projects:create.name')}</Field.Label>
            <Input name="title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            {fields.title ? (
              <Field.ErrorText>{t(fields.title)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('projects:create.nameHint')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={!!fields.description} disabled={!admin}>
            <Field.Label>{t('projects:create.description')}</Field.Label>
            <Textarea
              name="description"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            {fields.description ? (
              <Field.ErrorText>{t(fields.description)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('projects:create.descriptionHint', { count: description.length })}</Field.HelperText>
            )}
          </Field.Root>
          {admin && (
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={save.isPending}>
              {t('projects:settings.general.save')}
            </Button>
          )}
        </Stack>
      </chakra.form>
    </SettingsSection>
  );
}
