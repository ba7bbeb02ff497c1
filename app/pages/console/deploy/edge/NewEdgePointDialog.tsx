import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINT_DESCRIPTION_MAX, POINT_NAME_MAX, type Enrollment, type Point } from '../../../../../contract/apiDeploy';
import { V } from '../../../../../contract/validationMessages';
import { isApiRequestError } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { ApiErrorText } from '../../checkout/ApiErrorText';
import { deployApi } from '../deployApi';
import { PointNameFields, ProjectField } from '../PointFields';
import { usePointDraft, type NewPointDialogProps } from '../usePointDraft';
import { EnrollmentPanel } from './EnrollmentPanel';

interface Draft {
  projectId: string;
  name: string;
  description: string;
}

const EMPTY: Draft = { projectId: '', name: '', description: '' };

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
export function NewEdgePointDialog({ open, projects, onClose }: NewPointDialogProps) {
  const { t } = useTranslation(['deploy', 'validation', 'errors']);
  const client = useQueryClient();
  const { draft, serverErrors, setServerErrors, update, show, submit } = usePointDraft(open, projects, EMPTY, check);
  const [created, setCreated] = useState<{ point: Point; enrollment: Enrollment } | null>(null);
  useEffect(() => {
    if (open) setCreated(null);
  }, [open]);
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
      onConfirm={() => submit() && create.mutate()}
      confirmText={t('create.submit')}
      confirmDisabled={create.isPending}
      autoClose={false}
      enterConfirm
      mobileFull
    >
      <Stack gap="4" data-testid="edge-create">
        <ProjectField
          ns="deploy"
          error={show('projectId')}
          projects={projects}
          value={draft.projectId}
          onChange={(projectId) => update({ projectId })}
          name="projectId"
          testId="edge-create-project"
        />
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
          <ApiErrorText error={create.error} testId="edge-create-error" />
        )}
      </Stack>
    </AppDialog>
  );
}
