import { Button, chakra, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
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

/**
 * The notice form. There is no notice service yet: a valid submit says so honestly and keeps
 * the text in the form; the API issue replaces `submit` with the real save.
 */
export function NoticeEditForm() {
  const { t } = useTranslation('support');
  const [draft, setDraft] = useState<NoticeDraft>(emptyNoticeDraft);
  const [errors, setErrors] = useState<NoticeErrors>({});
  const [notConnected, setNotConnected] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const update = <K extends keyof NoticeDraft>(key: K, value: NoticeDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setNotConnected(false);
    if (key === 'title' || key === 'body') setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNotice(draft);
    setErrors(found);
    if (found.title) titleRef.current?.focus();
    else if (found.body) bodyRef.current?.focus();
    setNotConnected(Object.keys(found).length === 0);
  };

  return (
    <chakra.form maxW="3xl" noValidate onSubmit={submit} data-testid="notice-form">
      <Stack gap="6">
        <Field.Root required invalid={Boolean(errors.title)}>
          <Field.Label>{t('notice.edit.fields.title')}<Field.RequiredIndicator /></Field.Label>
          <Input
            ref={titleRef}
            name="title"
            value={draft.title}
            maxLength={NOTICE_TITLE_MAX}
            placeholder={t('notice.edit.fields.titlePlaceholder')}
            onChange={(e) => update('title', e.target.value)}
          />
          {errors.title ? <Field.ErrorText>{t(errors.title)}</Field.ErrorText> : <Field.HelperText>{t('notice.edit.fields.titleHelp')}</Field.HelperText>}
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
              {NOTICE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`notice.categories.${c}`)}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <Field.Root required invalid={Boolean(errors.body)}>
          <Field.Label>{t('notice.edit.fields.body')}<Field.RequiredIndicator /></Field.Label>
          <Textarea
            ref={bodyRef}
            name="body"
            value={draft.body}
            rows={12}
            autoresize={false}
            placeholder={t('notice.edit.fields.bodyPlaceholder')}
            onChange={(e) => update('body', e.target.value)}
          />
          {errors.body && <Field.ErrorText>{t(errors.body)}</Field.ErrorText>}
        </Field.Root>

        <Field.Root>
          <Checkbox.Root checked={draft.pinned} onCheckedChange={(e) => update('pinned', e.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name="pinned" />
            <Checkbox.Control />
            <Checkbox.Label>{t('notice.edit.fields.pinned')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>{t('notice.edit.fields.pinnedHelp')}</Field.HelperText>
        </Field.Root>

        <div role="status" aria-live="polite">
          {notConnected && (
            <Alert.Root status="info" data-testid="notice-not-connected">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('notice.edit.notConnectedTitle')}</Alert.Title>
                <Alert.Description>{t('notice.edit.notConnected')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </div>

        <HStack gap="3" justify="flex-end">
          <Button asChild variant="outline"><Link href={paths.supportNotice}>{t('notice.edit.cancel')}</Link></Button>
          <Button type="submit" colorPalette="brand">{t('notice.edit.save')}</Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
