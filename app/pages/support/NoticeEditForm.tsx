import { Button, chakra, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Notice } from '../../../contract/apiSupport';
import { href, paths } from '../../../contract/routes';
import { formErrorOf } from '../../api/formErrors';
import { queryClient } from '../../api/queryClient';
import { Alert } from '../../theme/parts/alert';
import { Checkbox } from '../../theme/parts/checkbox';
import { Field } from '../../theme/parts/field';
import { NativeSelect } from '../../theme/parts/nativeSelect';
import {
  emptyNoticeDraft,
  isNoticeCategory,
  NOTICE_CATEGORIES,
  NOTICE_TITLE_MAX,
  validateNotice,
  type NoticeDraft,
  type NoticeErrors,
} from './noticeForm';
import { supportApi, supportKeys } from './supportApi';

/**
 * The notice form: a new notice, or `notice` to edit. The body is HTML (the server keeps a
 * small safe set of tags). A refused save keeps everything typed and shows why.
 */
export function NoticeEditForm({ notice }: { notice?: Notice }) {
  const { t } = useTranslation(['support', 'validation', 'errors']);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<NoticeDraft>(() =>
    notice
      ? { title: notice.title, category: notice.category, body: notice.body, pinned: notice.pinned }
      : emptyNoticeDraft(),
  );
  const [errors, setErrors] = useState<NoticeErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const save = useMutation({
    mutationFn: (input: NoticeDraft) =>
      notice ? supportApi.updateNotice(notice.id, input) : supportApi.createNotice(input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(supportKeys.notice(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: supportKeys.notices });
      navigate(href.noticeDetail(saved.id));
    },
    onError: (error) => {
      const { fields, form } = formErrorOf(error);
      const found: NoticeErrors = {};
      if (fields.title) found.title = fields.title;
      if (fields.body) found.body = fields.body;
      setErrors(found);
      setFormError(form ?? (Object.keys(found).length === 0 ? 'errors:validation' : null));
      if (found.title) titleRef.current?.focus();
      else if (found.body) bodyRef.current?.focus();
    },
  });

  const update = <K extends keyof NoticeDraft>(key: K, value: NoticeDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFormError(null);
    if (key === 'title' || key === 'body') setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNotice(draft);
    setErrors(found);
    setFormError(null);
    if (found.title) titleRef.current?.focus();
    else if (found.body) bodyRef.current?.focus();
    if (Object.keys(found).length === 0) save.mutate({ ...draft, title: draft.title.trim() });
  };

  return (
    <chakra.form maxW="3xl" noValidate onSubmit={submit} data-testid="notice-form">
      <Stack gap="6">
        <Field.Root required invalid={Boolean(errors.title)}>
          <Field.Label>
            {t('notice.edit.fields.title')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={titleRef}
            name="title"
            value={draft.title}
            maxLength={NOTICE_TITLE_MAX}
            placeholder={t('notice.edit.fields.titlePlaceholder')}
            onChange={(e) => update('title', e.target.value)}
          />
          {errors.title ? (
            <Field.ErrorText>{t(errors.title)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('notice.edit.fields.titleHelp')}</Field.HelperText>
          )}
        </Field.Root>

        <Field.Root>
          <Field.Label>{t('notice.edit.fields.category')}</Field.Label>
          <NativeSelect.Root maxW={{ sm: 'xs' }}>
            <NativeSelect.Field
              name="category"
              value={draft.category}
              onChange={(e) => {
                if (isNoticeCategory(e.target.value)) update('category', e.target.value);
              }}
            >
              {NOTICE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`notice.categories.${c}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <Field.Root required invalid={Boolean(errors.body)}>
          <Field.Label>
            {t('notice.edit.fields.body')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            ref={bodyRef}
            name="body"
            value={draft.body}
            rows={12}
            autoresize={false}
            placeholder={t('notice.edit.fields.bodyPlaceholder')}
            onChange={(e) => update('body', e.target.value)}
          />
          {errors.body ? (
            <Field.ErrorText>{t(errors.body)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('notice.edit.fields.bodyHelp')}</Field.HelperText>
          )}
        </Field.Root>

        <Field.Root>
          <Checkbox.Root
            checked={draft.pinned}
            onCheckedChange={(e) => update('pinned', e.checked === true)}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput name="pinned" />
            <Checkbox.Control />
            <Checkbox.Label>{t('notice.edit.fields.pinned')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>{t('notice.edit.fields.pinnedHelp')}</Field.HelperText>
        </Field.Root>

        <div role="status" aria-live="polite">
          {formError && (
            <Alert.Root status="error" data-testid="notice-save-error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('notice.edit.saveFailed')}</Alert.Title>
                <Alert.Description>{t(formError)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </div>

        <HStack gap="3" justify="flex-end">
          <Button asChild variant="outline">
            <Link href={notice ? href.noticeDetail(notice.id) : paths.supportNotice}>{t('notice.edit.cancel')}</Link>
          </Button>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {t('notice.edit.save')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
