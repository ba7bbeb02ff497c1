import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { auth } from '../../state/auth';
import { Card } from '../../theme/parts/card';
import { ConsoleScope } from './ConsoleScope';
import { ProjectListSection } from './projects/ProjectListSection';

function ConsoleHome() {
  const { t } = useTranslation('console');
  const { user } = useSnapshot(auth);
  const links = [
    {
      href: paths.consoleSettings,
      title: t('home.settings.title'),
      body: t('home.settings.body'),
      testId: 'to-settings',
    },
    ...(user?.email
      ? [
          {
            href: href.consoleUser(user.email),
            title: t('home.profile.title'),
            body: t('home.profile.body'),
            testId: 'to-profile',
          },
        ]
      : []),
  ];
  return (
    <PageContainer>
      <PageTitle title={t('home.title')} description={t('home.greeting', { name: user?.name ?? '' })} />
      <ProjectListSection />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="console-home">
        {links.map((link) => (
          <Card.Root key={link.href} variant="outline">
            <Card.Body>
              <Stack gap="3">
                <Text as="h2" fontWeight="700" fontSize="lg">
                  {link.title}
                </Text>
                <Text color="fg.muted">{link.body}</Text>
                <Button asChild variant="outline" alignSelf="start">
                  <Link href={link.href} data-testid={link.testId}>
                    {t('home.open')}
                  </Link>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </PageContainer>
  );
}

/** /console: the console home: a greeting, the user's projects, and the way to My settings. */
export default function ConsoleHomePage() {
  return (
    <ConsoleScope>
      <ConsoleHome />
    </ConsoleScope>
  );
}
