import { Button, chakra, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scheduleSchema, type Project } from '../../../../contract/apiProjects';
import { REPEAT_CYCLES, type RepeatCycle } from '../../../../contract/validation';
import { schemaFieldErrors } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { SettingsSection } from '../SettingsSection';
import { toaster } from '../toaster';
import { projectErrorKey } from './projectErrors';
import { useProjectUpdated } from './projectQueries';

/** The learning schedule: on/off and a repeat cycle, required while on ('Please select a repeat cycle.'). */
export function ProjectScheduleSection({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'console', 'validation', 'errors']);
  const updated = useProjectUpdated();
  const [enabled, setEnabled] = useState(project.schedule.enabled);
  const [cycle, setCycle] = useState<RepeatCycle | null>(project.schedule.cycle);
  const [error, setError] = useState<string | null>(null);
  const admin = project.role === 'admin';
  const save = useMutation({
    mutationFn: () => projectsApi.setSchedule(project.id, { enabled, cycle }),
    onSuccess: (next) => {
      updated(next);
      toaster.create({ type: 'success', title: t('console:toast.saved') });
    },
    onError: (e) =>
      toaster.create({
        type: 'error',
        title: t('console:toast.saveFailed'),
        description: t(projectErrorKey(e, project.id)),
      }),
  });
  const submit = () => {
    const fields = schemaFieldErrors(scheduleSchema, { enabled, cycle });
    const message = fields.cycle ?? Object.values(fields)[0] ?? null;
    setError(message);
    if (!message) save.mutate();
  };
  return (
    <SettingsSection
      id="project-schedule"
      title={t('projects:settings.schedule.title')}
      description={t('projects:settings.schedule.description')}
    >
      <Stack gap="4" maxW="lg" data-testid="project-schedule">
        <chakra.label display="flex" alignItems="center" gap="2" cursor={admin ? 'pointer' : 'default'}>
          <chakra.input
            type="checkbox"
            w="4"
            h="4"
            accentColor="brand.600"
            checked={enabled}
            disabled={!admin}
            onChange={(e) => {
              setEnabled(e.currentTarget.checked);
              setError(null);
            }}
          />
          {t('projects:settings.schedule.enabled')}
        </chakra.label>
        <Field.Root invalid={!!error} disabled={!admin}>
          <Field.Label>{t('projects:settings.schedule.cycle')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="cycle"
              value={cycle ?? ''}
              onChange={(e) => {
                setCycle((e.currentTarget.value || null) as RepeatCycle | null);
                setError(null);
              }}
            >
              <option value="">{t('projects:settings.schedule.choose')}</option>
              {REPEAT_CYCLES.map((c) => (
                <option key={c} value={c}>
                  {t(`projects:settings.schedule.cycles.${c}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
        </Field.Root>
        {admin && (
          <Button colorPalette="brand" alignSelf="start" onClick={submit} loading={save.isPending}>
            {t('projects:settings.schedule.save')}
          </Button>
        )}
      </Stack>
    </SettingsSection>
  );
}
