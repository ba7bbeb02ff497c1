import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function PrivacyPage() {
  usePageTitle('PrivacyPage');
  return <Heading as="h1">PrivacyPage</Heading>;
}
