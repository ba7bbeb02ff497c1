import { Box, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { StrokeIcon } from '../../components/StrokeIcon';
import { useProject } from '../../pages/console/projects/projectQueries';
import { auth } from '../../state/auth';
import { Tooltip } from '../../theme/parts/tooltip';
import { consoleNavItems, navContextOf, resolveNav, type NavEntry } from './consoleNavItems';
import { NAV_ICONS } from './navIcons';

interface NavProps {
  /** Icons only (the collapsed side navigation); names move into tooltips and accessible names. */
  mini: boolean;
  /** Called after an entry is followed (the drawer closes). */
  onNavigate?: () => void;
}

function EntryLink({ entry, mini, depth, onNavigate }: { entry: NavEntry; mini: boolean; depth: number } & NavProps) {
  const { t } = useTranslation('consoleNav');
  const label = t(entry.key);
  const link = (
    <Box
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      minH="10"
      px={mini ? '0' : '3'}
      ps={mini ? '0' : depth > 0 ? '9' : '3'}
      justifyContent={mini ? 'center' : 'flex-start'}
      rounded="md"
      fontSize="sm"
      color={entry.mark ? 'fg' : 'fg.muted'}
      fontWeight={entry.mark ? '600' : '500'}
      bg={entry.mark === 'page' ? 'brand.subtle' : undefined}
      _hover={{ bg: entry.mark === 'page' ? 'brand.muted' : 'bg.muted', color: 'fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      css={entry.mark === 'page' ? { '& svg': { color: 'var(--chakra-colors-brand-fg)' } } : undefined}
    >
      <Link
        href={entry.href}
        aria-current={entry.mark === 'page' ? 'page' : undefined}
        aria-label={mini ? label : undefined}
        data-testid={`nav-${entry.key}`}
        data-mark={entry.mark ?? 'none'}
        onClick={onNavigate}
      >
        <StrokeIcon path={NAV_ICONS[entry.icon]} size={depth > 0 && mini ? 18 : 20} />
        {!mini && (
          <Text as="span" truncate>
            {label}
          </Text>
        )}
      </Link>
    </Box>
  );
  if (!mini) return link;
  return (
    <Tooltip.Root openDelay={200} closeDelay={50} positioning={{ placement: 'right' }}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content>{label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}

/** The name of the project whose tabs are listed (from the cache the project page fills). */
function ProjectName({ projectId }: { projectId: string }) {
  const { t } = useTranslation('consoleNav');
  const project = useProject(projectId);
  if (!project.data) return null;
  return (
    <Text
      as="span"
      display="block"
      ps="9"
      pe="3"
      pt="1"
      fontSize="xs"
      color="fg.muted"
      truncate
      title={project.data.title}
      aria-label={t('projectTabs', { title: project.data.title })}
      data-testid="nav-project-name"
    >
      {project.data.title}
    </Text>
  );
}

function EntryList({
  entries,
  mini,
  depth,
  projectId,
  onNavigate,
}: NavProps & {
  entries: NavEntry[];
  depth: number;
  projectId: string | null;
}) {
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {entries.map((entry) => (
        <li key={entry.key}>
          <EntryLink entry={entry} mini={mini} depth={depth} onNavigate={onNavigate} />
          {entry.children.length > 0 && (
            <Box mt="1">
              {!mini && projectId !== null && <ProjectName projectId={projectId} />}
              <EntryList
                entries={entry.children}
                mini={mini}
                depth={depth + 1}
                projectId={null}
                onNavigate={onNavigate}
              />
            </Box>
          )}
        </li>
      ))}
    </Stack>
  );
}

/**
 * The console navigation from `consoleNavItems`: the entry of the page shown is marked
 * aria-current="page" and highlighted, the section it belongs to is emphasised, and inside a
 * project its tabs are listed under Projects.
 */
export function ConsoleNav({ mini, onNavigate }: NavProps) {
  const { t } = useTranslation('consoleNav');
  const [location] = useLocation();
  const { user } = useSnapshot(auth);
  const ctx = navContextOf(location, user?.email ?? null);
  const entries = resolveNav(ctx, consoleNavItems);
  const work = entries.filter((entry) => entry.group === 'work');
  const account = entries.filter((entry) => entry.group === 'account');
  return (
    <Stack as="nav" aria-label={t('label')} gap="3" data-testid="console-nav" data-mini={mini}>
      <EntryList entries={work} mini={mini} depth={0} projectId={ctx.projectId} onNavigate={onNavigate} />
      {account.length > 0 && <Separator />}
      <EntryList entries={account} mini={mini} depth={0} projectId={null} onNavigate={onNavigate} />
    </Stack>
  );
}
