import { Button, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { useLocale } from '../../i18n/useLocale';
import { SupportIcon } from './SupportIcon';

/** Opens the guide site (env.guideUrl) in a new tab. */
export function GuideSiteButton(props: ButtonProps) {
  const { t } = useTranslation('support');
  const { to } = useLocale();
  // The built-in guide (/docs) opens in the reader's language.
  const href = env.guideUrl.startsWith('/') ? to(env.guideUrl) : env.guideUrl;
  return (
    <Button asChild colorPalette="brand" {...props}>
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid="guide-site-link">
        {t('docs.channels.guide.action')}
        <VisuallyHidden>{t('docs.newTab')}</VisuallyHidden>
        <SupportIcon name="guide" size={4} />
      </a>
    </Button>
  );
}
