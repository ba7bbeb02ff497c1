import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function SupportPage() {
  usePageTitle('SupportPage');
  return <Heading as="h1">SupportPage</Heading>;
}
