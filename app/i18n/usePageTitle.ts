import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<title> | <suffix>"; the suffix is the translated product line. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const suffix = t('titleSuffix');
  useEffect(() => {
    document.title = title ? `${title} | ${suffix}` : suffix;
  }, [title, suffix]);
}
