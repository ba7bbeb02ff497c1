import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function DocsPage() {
  usePageTitle('DocsPage');
  return <Heading as="h1">DocsPage</Heading>;
}
