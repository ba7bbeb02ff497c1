import { Input, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { POINT_NAME_MAX } from '../../../../contract/apiDeploy';
import type { Project } from '../../../../contract/apiProjects';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';

/** The fields the point dialogs and the new deployment page share; texts come from the page's namespace (`create.*`). */

type Ns = 'deploy' | 'webPoints';

/** A choice among the projects where the user manages points, with "Choose a project" first. */
export function ProjectSelect({
  ns,
  projects,
  value,
  onChange,
  name,
  testId,
  ariaLabel,
}: {
  ns: Ns;
  projects: readonly Project[];
  value: string;
  onChange: (projectId: string) => void;
  name: string;
  testId: string;
  ariaLabel?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        name={name}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        aria-label={ariaLabel}
      >
        <option value="">{t('create.chooseProject')}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The required project choice of a new point's form, with its error (a validation key). */
export function ProjectField({
  ns,
  error,
  ...select
}: { error: string | undefined } & Parameters<typeof ProjectSelect>[0]) {
  const { t } = useTranslation([ns, 'validation']);
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {t('create.project')}
        <Field.RequiredIndicator />
      </Field.Label>
      <ProjectSelect ns={ns} {...select} />
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A point's name (required, with the length hint where asked) and description; errors are validation keys. */
export function PointNameFields({
  ns,
  name,
  description,
  nameError,
  descriptionError,
  onName,
  onDescription,
  testIds,
  nameHint = false,
  autoFocus = false,
}: {
  ns: Ns;
  name: string;
  description: string;
  nameError: string | undefined;
  descriptionError: string | undefined;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
  testIds: { name: string; nameError?: string; description?: string };
  nameHint?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation([ns, 'validation']);
  return (
    <>
      <Field.Root required invalid={!!nameError}>
        <Field.Label>
          {t('create.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="name"
          value={name}
          onChange={(e) => onName(e.currentTarget.value)}
          data-testid={testIds.name}
          autoFocus={autoFocus}
        />
        {nameError ? (
          <Field.ErrorText data-testid={testIds.nameError}>{t(nameError)}</Field.ErrorText>
        ) : (
          nameHint && <Field.HelperText>{t('create.nameHint', { max: POINT_NAME_MAX })}</Field.HelperText>
        )}
      </Field.Root>
      <Field.Root invalid={!!descriptionError}>
        <Field.Label>{t('create.description')}</Field.Label>
        <Textarea
          name="description"
          rows={2}
          value={description}
          onChange={(e) => onDescription(e.currentTarget.value)}
          data-testid={testIds.description}
        />
        {descriptionError && <Field.ErrorText>{t(descriptionError)}</Field.ErrorText>}
      </Field.Root>
    </>
  );
}
