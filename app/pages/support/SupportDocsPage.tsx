import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function SupportDocsPage() {
  usePageTitle('SupportDocsPage');
  return <Heading as="h1">SupportDocsPage</Heading>;
}
