import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitUpdateSchema, type Project } from '../../../../contract/apiProjects';
import { schemaFieldErrors } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { queryClient } from '../../../api/queryClient';
import { Field } from '../../../theme/parts/field';
import { SettingsSection } from '../SettingsSection';
import { toaster } from '../toaster';
import { projectErrorKey } from './projectErrors';
import { projectKeys, useProjectUpdated } from './projectQueries';

const PARTS = ['train', 'validation', 'test'] as const;
type Part = (typeof PARTS)[number];

/** Training / validation / testing percentages (sum 100) and a re-roll of the seeded assignment. */
export function ProjectSplitSection({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'console', 'validation', 'errors']);
  const updated = useProjectUpdated();
  const admin = project.role === 'admin';
  const [values, setValues] = useState<Record<Part, string>>({
    train: String(project.split.train),
    validation: String(project.split.validation),
    test: String(project.split.test),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (reroll: boolean) =>
      projectsApi.setSplit(project.id, {
        train: Number(values.train),
        validation: Number(values.validation),
        test: Number(values.test),
        reroll,
      }),
    onSuccess: (next, reroll) => {
      updated(next);
      void queryClient.invalidateQueries({ queryKey: projectKeys.images(project.id) });
      toaster.create({
        type: 'success',
        title: reroll ? t('projects:settings.split.rerolled') : t('console:toast.saved'),
      });
    },
    onError: (e) =>
      toaster.create({
        type: 'error',
        title: t('console:toast.saveFailed'),
        description: t(projectErrorKey(e, project.id)),
      }),
  });
  const submit = (reroll: boolean) => {
    const body = {
      train: Number(values.train),
      validation: Number(values.validation),
      test: Number(values.test),
      reroll,
    };
    const invalid = PARTS.some((p) => values[p].trim() === '' || !Number.isInteger(body[p]));
    const fields = invalid ? { test: 'validation:invalid' } : schemaFieldErrors(splitUpdateSchema, body);
    const message = Object.values(fields)[0] ?? null;
    setError(message);
    if (!message) save.mutate(reroll);
  };
  return (
    <SettingsSection
      id="project-split"
      title={t('projects:settings.split.title')}
      description={t('projects:settings.split.description')}
    >
      <Stack gap="4" maxW="lg" data-testid="project-split">
        <SimpleGrid columns={3} gap="3">
          {PARTS.map((part) => (
            <Field.Root key={part} invalid={!!error} disabled={!admin}>
              <Field.Label>{t(`projects:settings.split.${part}`)}</Field.Label>
              <Input
                name={part}
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                value={values[part]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [part]: value }));
                  setError(null);
                }}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t(error)}
          </Text>
        )}
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" data-testid="split-seed">
            {t('projects:settings.split.seed', { seed: project.split.seed })}
          </Text>
          {admin && (
            <>
              <Button
                colorPalette="brand"
                onClick={() => submit(false)}
                loading={save.isPending && save.variables === false}
              >
                {t('projects:settings.split.save')}
              </Button>
              <Button
                variant="outline"
                onClick={() => submit(true)}
                loading={save.isPending && save.variables === true}
              >
                {t('projects:settings.split.reroll')}
              </Button>
            </>
          )}
        </HStack>
      </Stack>
    </SettingsSection>
  );
}
