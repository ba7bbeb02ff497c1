import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function LoginPage() {
  usePageTitle('LoginPage');
  return <Heading as="h1">LoginPage</Heading>;
}
