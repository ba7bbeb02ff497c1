import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function LoginAuthPage() {
  usePageTitle('LoginAuthPage');
  return <Heading as="h1">LoginAuthPage</Heading>;
}
