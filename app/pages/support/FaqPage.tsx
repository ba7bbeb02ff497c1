import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function FaqPage() {
  usePageTitle('FaqPage');
  return <Heading as="h1">FaqPage</Heading>;
}
