import { Box, Button, chakra, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label, Project } from '../../../../contract/apiProjects';
import { nextLabelColor } from '../../../../contract/color';
import { newLabelSchema } from '../../../../contract/validation';
import { formErrorOf, schemaFieldErrors, type FieldErrors } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';
import { projectErrorKey } from '../projects/projectErrors';
import { projectKeys, useLabels } from '../projects/projectQueries';
import { toaster } from '../toaster';

function LabelRow({
  project,
  label,
  others,
  admin,
  onDelete,
}: {
  project: Project;
  label: Label;
  others: Label[];
  admin: boolean;
  onDelete: (l: Label) => void;
}) {
  const { t } = useTranslation(['projects', 'validation', 'errors']);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(label.name);
  const [error, setError] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (body: { name?: string; color?: string }) => projectsApi.updateLabel(project.id, label.id, body),
    onSuccess: () => {
      setEditing(false);
      void client.invalidateQueries({ queryKey: projectKeys.labels(project.id) });
    },
    onError: (e) => {
      const result = formErrorOf(e);
      const message = result.fields.name ?? result.fields.color ?? null;
      setError(message);
      if (!message) toaster.create({ type: 'error', title: t(projectErrorKey(e, project.id)) });
    },
  });
  const check = (body: { name: string; color: string }, field: 'name' | 'color') =>
    schemaFieldErrors(newLabelSchema(others), body)[field] ?? null;
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = check({ name, color: label.color }, 'name');
    setError(message);
    if (!message) update.mutate({ name });
  };
  const recolor = (color: string) => {
    const message = check({ name: label.name, color }, 'color');
    setError(message);
    if (!message) update.mutate({ color });
  };
  return (
    <Stack as="li" gap="1" py="2" borderBottomWidth="1px" data-testid="label-row">
      <HStack gap="3">
        <chakra.input
          type="color"
          value={label.color}
          disabled={!admin}
          aria-label={t('projects:labels.recolor', { name: label.name })}
          onChange={(e) => recolor(e.currentTarget.value)}
          w="8"
          h="8"
          p="0"
          borderWidth="0"
          bg="transparent"
          cursor={admin ? 'pointer' : 'default'}
        />
        {editing ? (
          <chakra.form onSubmit={rename} display="flex" gap="2" flex="1" noValidate>
            <Input
              size="sm"
              value={name}
              aria-label={t('projects:labels.name')}
              onChange={(e) => setName(e.currentTarget.value)}
              autoFocus
            />
            <Button size="sm" type="submit" colorPalette="brand" loading={update.isPending}>
              {t('projects:labels.save')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setName(label.name);
                setError(null);
              }}
            >
              {t('projects:labels.cancel')}
            </Button>
          </chakra.form>
        ) : (
          <>
            <Text flex="1" fontWeight="600" data-testid="label-name">
              {label.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('projects:labels.annotations', { count: label.annotationCount })}
            </Text>
            {admin && (
              <>
                <Button size="xs" variant="ghost" onClick={() => setEditing(true)}>
                  {t('projects:labels.rename')}
                </Button>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`${t('projects:labels.delete')} ${label.name}`}
                  onClick={() => onDelete(label)}
                >
                  <span aria-hidden="true">✕</span>
                </IconButton>
              </>
            )}
          </>
        )}
      </HStack>
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t(error)}
        </Text>
      )}
    </Stack>
  );
}

/** Label classes: add (name 1–8, unique name and colour), rename, recolour, delete with the count of affected annotations. */
export function LabelPanel({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'validation', 'errors']);
  const client = useQueryClient();
  const labels = useLabels(project.id);
  const list = labels.data ?? [];
  const admin = project.role === 'admin';
  const [name, setName] = useState('');
  const [color, setColor] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<{ label: Label; count: number } | null>(null);
  const shownColor = color ?? nextLabelColor(list.map((l) => l.color));
  const changed = () => {
    void client.invalidateQueries({ queryKey: projectKeys.labels(project.id) });
    void client.invalidateQueries({ queryKey: projectKeys.project(project.id) });
  };

  const add = useMutation({
    mutationFn: () => projectsApi.addLabel(project.id, { name: name.trim(), color: shownColor }),
    onSuccess: () => {
      setName('');
      setColor(null);
      toaster.create({ type: 'success', title: t('projects:labels.added') });
      changed();
    },
    onError: (e) => {
      const result = formErrorOf(e);
      setFields(result.fields);
      if (result.form) toaster.create({ type: 'error', title: t(projectErrorKey(e, project.id)) });
    },
  });
  const remove = useMutation({
    mutationFn: (labelId: string) => projectsApi.removeLabel(project.id, labelId),
    onSuccess: (answer) => {
      toaster.create({ type: 'success', title: t('projects:labels.deleted', { count: answer.deletedAnnotations }) });
      changed();
      void client.invalidateQueries({ queryKey: projectKeys.images(project.id) });
    },
    onError: (e) => toaster.create({ type: 'error', title: t(projectErrorKey(e, project.id)) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name: name.trim(), color: shownColor };
    const next = schemaFieldErrors(newLabelSchema(list), body);
    setFields(next);
    if (Object.keys(next).length === 0) add.mutate();
  };

  const askDelete = async (label: Label) => {
    // The list's count may be stale (someone labeling right now): ask the server.
    const usage = await projectsApi.labelUsage(project.id, label.id).catch(() => null);
    setDeleting({ label, count: usage?.annotations ?? label.annotationCount });
  };

  return (
    <Stack as="section" gap="3" aria-labelledby="labels-heading" data-testid="label-panel">
      <Text as="h2" id="labels-heading" fontWeight="700" fontSize="lg">
        {t('projects:labels.title')}
      </Text>
      {admin && (
        <chakra.form onSubmit={submit} noValidate data-testid="label-add">
          <HStack gap="2" align="start">
            <Field.Root invalid={!!fields.name} flex="1">
              <Field.Label srOnly>{t('projects:labels.name')}</Field.Label>
              <Input
                size="sm"
                name="labelName"
                placeholder={t('projects:labels.name')}
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setFields({});
                }}
              />
              {fields.name && <Field.ErrorText>{t(fields.name)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={!!fields.color} w="auto">
              <Field.Label srOnly>{t('projects:labels.color')}</Field.Label>
              {/* Input (not chakra.input) takes the field's id, so the label above names it. */}
              <Input
                type="color"
                name="labelColor"
                value={shownColor}
                onChange={(e) => {
                  setColor(e.currentTarget.value);
                  setFields({});
                }}
                w="9"
                h="8"
                p="0"
                borderWidth="0"
                bg="transparent"
                cursor="pointer"
              />
            </Field.Root>
            <Button size="sm" type="submit" colorPalette="brand" loading={add.isPending}>
              {t('projects:labels.add')}
            </Button>
          </HStack>
          {fields.color && (
            <Text fontSize="sm" color="fg.error" role="alert" mt="1">
              {t(fields.color)}
            </Text>
          )}
        </chakra.form>
      )}
      {list.length === 0 && labels.isSuccess ? (
        <Box fontSize="sm" color="fg.muted" data-testid="labels-empty">
          {t('projects:labels.empty')}
        </Box>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" data-testid="label-list">
          {list.map((label) => (
            <LabelRow
              key={`${label.id}-${label.name}-${label.color}`}
              project={project}
              label={label}
              admin={admin}
              others={list.filter((l) => l.id !== label.id)}
              onDelete={(l) => void askDelete(l)}
            />
          ))}
        </Stack>
      )}
      <AppDialog
        open={deleting !== null}
        title={t('projects:labels.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.label.id)}
        confirmText={t('projects:labels.delete')}
      >
        <Text data-testid="label-delete-body">
          {deleting &&
            (deleting.count > 0
              ? t('projects:labels.deleteBody', { name: deleting.label.name, count: deleting.count })
              : t('projects:labels.deleteBodyNone', { name: deleting.label.name }))}
        </Text>
      </AppDialog>
    </Stack>
  );
}
