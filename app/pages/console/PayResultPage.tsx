import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function PayResultPage() {
  usePageTitle('PayResultPage');
  return <Heading as="h1">PayResultPage</Heading>;
}
