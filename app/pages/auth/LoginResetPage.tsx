import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function LoginResetPage() {
  usePageTitle('LoginResetPage');
  return <Heading as="h1">LoginResetPage</Heading>;
}
