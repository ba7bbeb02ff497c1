import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_DESCRIPTION_MAX, POINT_NAME_MAX, type Enrollment, type Point } from '../../../../../contract/apiDeploy';
import type { Project } from '../../../../../contract/apiProjects';
import { V } from '../../../../../contract/validationMessages';
import { errorCodeOf, isApiRequestError } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { Field } from '../../../../theme/parts/field';
import { deployApi } from '../deployApi';
import { PointNameFields, ProjectSelect } from '../PointFields';
import { EnrollmentPanel } from './EnrollmentPanel';

interface Draft {
  projectId: string;
  name: string;
  description: string;
}

function check(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.projectId) errors.projectId = V.required;
  if (!draft.name.trim()) errors.name = V.required;
  else if (draft.name.trim().length > POINT_NAME_MAX) errors.name = V.max40;
  if (draft.description.length > POINT_DESCRIPTION_MAX) errors.description = V.max100;
  return errors;
}

/**
 * New edge point: a project (where the user manages points), a name and a description; then the
 * one-time enrolment token and the commands that start the agent, shown once.
 */
export function NewEdgePointDialog({
  open,
  projects,
  onClose,
}: {
  open: boolean;
  /** The projects where the user is admin or member. */
  projects: readonly Project[];
  onClose: (created: Point | null) => void;
}) {
  const { t } = useTranslation(['deploy', 'validation', 'errors']);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ projectId: '', name: '', description: '' });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ point: Point; enrollment: Enrollment } | null>(null);
  useEffect(() => {
    if (!open) return;
    setDraft({ projectId: projects.length === 1 ? projects[0]!.id : '', name: '', description: '' });
    setTouched(false);
    setServerErrors({});
    setCreated(null);
    // Reset only when the dialog opens, not when the project list refreshes behind it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const errors = { ...check(draft), ...serverErrors };
  const create = useMutation({
    mutationFn: () =>
      deployApi.create(draft.projectId, { kind: 'edge', name: draft.name.trim(), description: draft.description }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['points'] });
      if (answer.enrollment) setCreated({ point: answer.point, enrollment: answer.enrollment });
      else onClose(answer.point);
    },
    onError: (error) => {
      if (isApiRequestError(error)) setServerErrors(error.fields);
    },
  });
  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };
  const show = (field: keyof Draft) => (touched || serverErrors[field] ? errors[field] : undefined);

  if (created)
    return (
      <AppDialog
        open={open}
        title={t('create.createdTitle', { name: created.point.name })}
        onClose={() => onClose(created.point)}
        onConfirm={() => onClose(created.point)}
        confirmText={t('create.done')}
        cancelText={null}
        width={720}
        mobileFull
      >
        <EnrollmentPanel enrollment={created.enrollment} />
      </AppDialog>
    );
  return (
    <AppDialog
      open={open}
      title={t('create.title')}
      onClose={() => onClose(null)}
      onConfirm={() => {
        setTouched(true);
        if (Object.keys(check(draft)).length === 0) create.mutate();
      }}
      confirmText={t('create.submit')}
      confirmDisabled={create.isPending}
      autoClose={false}
      enterConfirm
      mobileFull
    >
      <Stack gap="4" data-testid="edge-create">
        <Field.Root required invalid={!!show('projectId')}>
          <Field.Label>
            {t('create.project')}
            <Field.RequiredIndicator />
          </Field.Label>
          <ProjectSelect
            ns="deploy"
            projects={projects}
            value={draft.projectId}
            onChange={(projectId) => update({ projectId })}
            name="projectId"
            testId="edge-create-project"
          />
          {show('projectId') && <Field.ErrorText>{t(show('projectId')!)}</Field.ErrorText>}
        </Field.Root>
        <PointNameFields
          ns="deploy"
          name={draft.name}
          description={draft.description}
          nameError={show('name')}
          descriptionError={show('description')}
          onName={(name) => update({ name })}
          onDescription={(description) => update({ description })}
          testIds={{ name: 'edge-create-name', description: 'edge-create-description' }}
          nameHint
          autoFocus
        />
        {create.isError && Object.keys(serverErrors).length === 0 && (
          <Field.Root invalid>
            <Field.ErrorText data-testid="edge-create-error">
              {t(`errors:${errorCodeOf(create.error)}`)}
            </Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </AppDialog>
  );
}
