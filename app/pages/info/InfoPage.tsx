import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function InfoPage() {
  usePageTitle('InfoPage');
  return <Heading as="h1">InfoPage</Heading>;
}
