import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function NoticeEditPage() {
  usePageTitle('NoticeEditPage');
  return <Heading as="h1">NoticeEditPage</Heading>;
}
