import { Button, chakra, HStack, Input, type HTMLChakraProps } from '@chakra-ui/react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { href } from '../../../contract/routes';
import { Field } from '../../theme/parts/field';
import { normalizeKeyword } from './searchSite';

export interface SupportSearchFormProps extends Omit<HTMLChakraProps<'form'>, 'onSubmit'> {
  /** The keyword the box starts with (the search page passes the current one). */
  initialKeyword?: string;
  /** Shows the label visibly (the hub) or only to assistive technology (the search page). */
  showLabel?: boolean;
}

/** The support search box: submitting goes to /support/search?keyword=… */
export function SupportSearchForm({ initialKeyword = '', showLabel = true, ...form }: SupportSearchFormProps) {
  const { t } = useTranslation('support');
  const [, navigate] = useLocation();
  const inputId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    navigate(href.search(normalizeKeyword(typeof value === 'string' ? value : '')));
  };

  return (
    <chakra.form role="search" onSubmit={submit} data-testid="support-search" {...form}>
      <Field.Root>
        <Field.Label htmlFor={inputId} srOnly={!showLabel} fontWeight="600">
          {t('searchForm.label')}
        </Field.Label>
        <HStack gap="2" w="full">
          <Input
            id={inputId}
            name="keyword"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            size="lg"
            bg="bg"
            defaultValue={initialKeyword}
            placeholder={t('searchForm.placeholder')}
            maxLength={100}
          />
          <Button type="submit" size="lg" colorPalette="brand" flexShrink={0}>
            {t('searchForm.submit')}
          </Button>
        </HStack>
      </Field.Root>
    </chakra.form>
  );
}
