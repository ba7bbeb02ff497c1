import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function InfoDeprecatedPage() {
  usePageTitle('InfoDeprecatedPage');
  return <Heading as="h1">InfoDeprecatedPage</Heading>;
}
