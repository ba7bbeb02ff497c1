import { Button, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import { RESOURCE_KINDS, type ResourceKind } from '../../../../contract/apiMarket';
import { marketHref } from '../../../../contract/marketRoutes';
import { paths } from '../../../../contract/routes';
import { formErrorOf } from '../../../api/formErrors';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { toaster } from '../toaster';
import { CoverPicker } from './CoverPicker';
import { marketApi, marketKeys } from './marketApi';
import { DescriptionField, FieldsOfUse, FormatField, PriceField, VisibilityField } from './ResourceFormFields';
import { SourceChoice } from './SourceChoice';
import { draftErrors, emptyDraft, toCreateBody, withKind, type DraftErrors, type ResourceDraft } from './resourceDraft';

/**
 * Posting a resource (/console/market/new?project=&model=): a project where the user is admin, its
 * dataset or one of its models, the resource's facts and covers, sent as one multipart request.
 * Rules show under each field as the seller types; on a refusal everything typed and chosen stays.
 */
export default function NewResourcePage() {
  const { t } = useTranslation(['market', 'validation', 'errors', 'training']);
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const sources = useQuery({ queryKey: marketKeys.sources, queryFn: marketApi.sources });
  const [draft, setDraft] = useState<ResourceDraft>(() =>
    emptyDraft(search.get('project') ?? '', search.get('model') ?? ''),
  );
  const [covers, setCovers] = useState<File[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The only project offered is chosen for the seller.
  const projects = sources.data?.projects;
  useEffect(() => {
    if (projects?.length === 1 && !draft.projectId) setDraft((d) => ({ ...d, projectId: projects[0]!.id }));
  }, [projects, draft.projectId]);

  const errors = { ...draftErrors(draft, sources.data), ...serverFields };
  // A field's rule shows once it was typed into, and every rule after a first submit.
  const shown = (field: keyof DraftErrors, touched: boolean) => (submitted || touched ? errors[field] : undefined);
  const update = (patch: Partial<ResourceDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerFields({});
    setFormError(null);
  };

  const post = useMutation({
    mutationFn: () => marketApi.create(toCreateBody(draft), covers),
    onSuccess: (resource) => {
      toaster.create({ type: 'success', title: t('form.done'), description: t('form.doneHint') });
      void client.invalidateQueries({ queryKey: marketKeys.all });
      navigate(marketHref.item(resource.id));
    },
    onError: (error) => {
      const { fields, form } = formErrorOf(error);
      setServerFields(fields as DraftErrors);
      setFormError(form);
      toaster.create({ type: 'error', title: t('form.failed'), description: form ? t(form) : undefined });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(draftErrors(draft, sources.data)).length === 0) post.mutate();
  };

  if (sources.isPending)
    return (
      <PageContainer>
        <Skeleton h="96" />
      </PageContainer>
    );
  return (
    <PageContainer maxW="3xl">
      <PageTitle title={t('form.title')} description={t('form.lead')} />
      {sources.isError ? (
        <EmptyState message={t('loadFailed')} hint={t(`errors:${formErrorOf(sources.error).form ?? 'internal'}`)} />
      ) : sources.data.projects.length === 0 ? (
        <EmptyState
          data-testid="resource-no-projects"
          message={t('form.noProjects')}
          hint={t('form.noProjectsHint')}
          action={
            <Button asChild colorPalette="brand" variant="outline">
              <Link href={paths.console}>{t('form.toProjects')}</Link>
            </Button>
          }
        />
      ) : (
        <form onSubmit={submit} noValidate data-testid="resource-form">
          <Stack gap="6">
            <Field.Root required invalid={!!shown('projectId', false)}>
              <Field.Label>
                {t('form.project')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="projectId"
                  value={draft.projectId}
                  onChange={(e) => update({ projectId: e.currentTarget.value, modelId: '' })}
                  data-testid="resource-project"
                >
                  <option value="">{t('form.chooseProject')}</option>
                  {sources.data.projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t('form.projectHint')}</Field.HelperText>
              {shown('projectId', false) && <Field.ErrorText>{t(errors.projectId!)}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('form.kind')}</Field.Label>
              <NativeSelect.Root maxW="64">
                <NativeSelect.Field
                  name="kind"
                  value={draft.kind}
                  onChange={(e) => update(withKind(draft, e.currentTarget.value as ResourceKind))}
                  data-testid="resource-kind"
                >
                  {RESOURCE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`kinds.${kind}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <SourceChoice
              project={sources.data.projects.find((p) => p.id === draft.projectId)}
              kind={draft.kind}
              modelId={draft.modelId}
              modelError={shown('modelId', false)}
              onModel={(modelId) => update({ modelId })}
            />
            <Field.Root required invalid={!!shown('name', draft.name !== '')}>
              <Field.Label>
                {t('form.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="name"
                value={draft.name}
                onChange={(e) => update({ name: e.currentTarget.value })}
                data-testid="resource-name"
              />
              {shown('name', draft.name !== '') ? (
                <Field.ErrorText data-testid="resource-name-error">{t(errors.name!)}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('form.nameHint')}</Field.HelperText>
              )}
            </Field.Root>
            <DescriptionField
              value={draft.description}
              error={shown('description', draft.description !== '')}
              onChange={(description) => update({ description })}
            />
            <PriceField value={draft.price} error={shown('price', true)} onChange={(price) => update({ price })} />
            <FormatField
              kind={draft.kind}
              value={draft.format}
              error={shown('format', false)}
              onChange={(format) => update({ format })}
            />
            <FieldsOfUse
              value={draft.fields}
              error={shown('fields', false)}
              onChange={(fields) => update({ fields })}
            />
            <VisibilityField value={draft.visibility} onChange={(visibility) => update({ visibility })} />
            <Field.Root>
              <Field.Label>{t('form.covers')}</Field.Label>
              <Text fontSize="xs" color="fg.muted">
                {t('form.coversHint')}
              </Text>
              <CoverPicker covers={covers} onChange={setCovers} />
            </Field.Root>
            {formError && (
              <Text color="fg.error" role="alert" data-testid="resource-form-error">
                {t('form.failed')} {t(formError)}
              </Text>
            )}
            <HStack gap="3" justify="flex-end">
              <Button asChild variant="outline">
                <Link href={marketHref.tab()}>{t('form.cancel')}</Link>
              </Button>
              <Button type="submit" colorPalette="brand" loading={post.isPending} data-testid="resource-submit">
                {t('form.submit')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </PageContainer>
  );
}
