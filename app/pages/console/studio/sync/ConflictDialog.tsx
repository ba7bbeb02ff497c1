import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Annotation } from '../../../../../contract/apiAnnotations';
import { AppDialog } from '../../../../components/Dialog';
import type { AnnotationState, StudioConflict, StudioRejected } from './syncTypes';

/** Rows shown at once; the bulk buttons settle the rest. */
const SHOWN = 50;

export interface ConflictDialogProps {
  open: boolean;
  onClose: () => void;
  conflicts: readonly StudioConflict[];
  rejected: readonly StudioRejected[];
  /** The project's labels, to name them. */
  labels: readonly { id: string; name: string }[];
  onResolve: (id: string, keep: 'mine' | 'theirs') => void;
  onDismiss: (id: string) => void;
}

/**
 * Both versions of every conflicting annotation with keep-mine / keep-theirs (one by one or all
 * at once), and the edits the server refused with their reason and a discard button.
 */
export function ConflictDialog({
  open,
  onClose,
  conflicts,
  rejected,
  labels,
  onResolve,
  onDismiss,
}: ConflictDialogProps) {
  const { t } = useTranslation('studioSync');
  const { t: te } = useTranslation('errors');
  const names = new Map(labels.map((l) => [l.id, l.name]));
  const describe = (a: AnnotationState | Annotation | null): string => {
    if (!a) return t('conflict.deleted');
    const label = names.get(a.labelId) ?? t('conflict.unknownLabel');
    const round = (v: number) => Math.round(v);
    if (a.kind === 'class') return t('describe.class', { label });
    if (a.kind === 'polygon')
      return t('describe.polygon', {
        label,
        vertices: (a.points?.length ?? 0) / 2,
        width: round(a.width),
        height: round(a.height),
      });
    return t('describe.box', { label, x: round(a.x), y: round(a.y), width: round(a.width), height: round(a.height) });
  };
  const settleAll = (keep: 'mine' | 'theirs') => {
    for (const c of conflicts) onResolve(c.id, keep);
  };

  return (
    <AppDialog open={open} onClose={onClose} title={t('conflict.title')} width={640} cancelText={null} mobileFull>
      <Stack gap="4" data-testid="conflict-dialog">
        {conflicts.length > 0 && (
          <Stack gap="3">
            <Text textStyle="sm">{t('conflict.intro')}</Text>
            {conflicts.slice(0, SHOWN).map((c) => (
              <Box key={c.id} borderWidth="1px" borderRadius="md" p="3" data-testid="conflict-row" data-id={c.id}>
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
                  <Stack gap="1">
                    <Text textStyle="xs" color="fg.muted">
                      {t('conflict.mine')}
                    </Text>
                    <Text textStyle="sm">{describe(c.mine)}</Text>
                    <Button size="xs" variant="outline" onClick={() => onResolve(c.id, 'mine')}>
                      {t('conflict.keepMine')}
                    </Button>
                  </Stack>
                  <Stack gap="1">
                    <Text textStyle="xs" color="fg.muted">
                      {t('conflict.theirs')}
                    </Text>
                    <Text textStyle="sm">{describe(c.theirs)}</Text>
                    <Button size="xs" variant="outline" onClick={() => onResolve(c.id, 'theirs')}>
                      {t('conflict.keepTheirs')}
                    </Button>
                  </Stack>
                </Grid>
              </Box>
            ))}
            {conflicts.length > SHOWN && (
              <Text textStyle="sm" color="fg.muted">
                {t('conflict.more', { count: conflicts.length - SHOWN })}
              </Text>
            )}
            {conflicts.length > 1 && (
              <HStack justify="flex-end">
                <Button size="sm" variant="outline" onClick={() => settleAll('theirs')}>
                  {t('conflict.keepAllTheirs')}
                </Button>
                <Button size="sm" colorPalette="brand" onClick={() => settleAll('mine')}>
                  {t('conflict.keepAllMine')}
                </Button>
              </HStack>
            )}
          </Stack>
        )}
        {rejected.length > 0 && (
          <Stack gap="2">
            <Text fontWeight="semibold">{t('conflict.rejectedTitle')}</Text>
            <Text textStyle="sm">{t('conflict.rejectedIntro')}</Text>
            {rejected.slice(0, SHOWN).map((r) => (
              <HStack
                key={r.id}
                justify="space-between"
                borderWidth="1px"
                borderRadius="md"
                p="2"
                data-testid="rejected-row"
              >
                <Stack gap="0" minW="0">
                  <Text textStyle="sm">{describe(r.mine)}</Text>
                  <Text textStyle="xs" color="red.fg">
                    {te(r.error)}
                  </Text>
                </Stack>
                <Button size="xs" variant="outline" onClick={() => onDismiss(r.id)}>
                  {t('conflict.discard')}
                </Button>
              </HStack>
            ))}
            {rejected.length > SHOWN && (
              <Text textStyle="sm" color="fg.muted">
                {t('conflict.more', { count: rejected.length - SHOWN })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}
