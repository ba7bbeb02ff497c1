import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function InfoDetailPage() {
  usePageTitle('InfoDetailPage');
  return <Heading as="h1">InfoDetailPage</Heading>;
}
