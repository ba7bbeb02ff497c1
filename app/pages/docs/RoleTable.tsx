import { Box, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Table } from '../../theme/parts/table';

const ROLES = ['owner', 'admin', 'member'] as const;

/** What each role may do: [owner, project admin, member]. */
const PERMISSIONS: ReadonlyArray<{ task: string; allowed: readonly [boolean, boolean, boolean] }> = [
  { task: 'organization', allowed: [true, false, false] },
  { task: 'invite', allowed: [true, false, false] },
  { task: 'projectMembers', allowed: [true, true, false] },
  { task: 'projectSettings', allowed: [true, true, false] },
  { task: 'market', allowed: [true, true, false] },
  { task: 'work', allowed: [true, true, true] },
];

function Mark({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation('docs');
  return (
    <>
      <Box as="span" aria-hidden="true" fontWeight="700" color={allowed ? 'green.700' : 'fg.muted'}>
        {allowed ? '✓' : '–'}
      </Box>
      <VisuallyHidden>{allowed ? t('roles.allowed') : t('roles.denied')}</VisuallyHidden>
    </>
  );
}

/** The permissions table of the organizations section. */
export function RoleTable() {
  const { t } = useTranslation('docs');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="role-table">
        <Table.Caption srOnly>{t('roles.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col" minW="44">
              {t('roles.task')}
            </Table.ColumnHeader>
            {ROLES.map((role) => (
              <Table.ColumnHeader key={role} scope="col" textAlign="center" whiteSpace="normal">
                {t(`roles.${role}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {PERMISSIONS.map(({ task, allowed }) => (
            <Table.Row key={task}>
              <Table.Cell as="th" scope="row" fontWeight="normal" whiteSpace="normal" minW="44">
                {t(`roles.rows.${task}`)}
              </Table.Cell>
              {allowed.map((ok, i) => (
                <Table.Cell key={ROLES[i]} textAlign="center">
                  <Mark allowed={ok} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
