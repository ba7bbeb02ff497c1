import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../i18n/usePageTitle';

export default function NoticeDetailPage() {
  usePageTitle('NoticeDetailPage');
  return <Heading as="h1">NoticeDetailPage</Heading>;
}
