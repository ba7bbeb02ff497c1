import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { paths } from '../../../contract/routes';
import { ResetChangeForm } from './ResetChangeForm';
import { ResetRequestForm } from './ResetRequestForm';

/** /login/reset/:key?: request a reset link, or (with the key from the e-mail) set a new password. */
export default function LoginResetPage() {
  const { t } = useTranslation('auth');
  const { key } = useParams<{ key?: string }>();
  return (
    <>
      {key ? <ResetChangeForm key={key} resetKey={key} /> : <ResetRequestForm />}
      <Text fontSize="sm" textAlign="center">
        <Text as="span" asChild color="brand.fg" fontWeight="600" _hover={{ textDecoration: 'underline' }}>
          <Link href={paths.login}>{t('reset.backToLogin')}</Link>
        </Text>
      </Text>
    </>
  );
}
