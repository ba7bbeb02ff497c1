import { Badge, Button, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MachineLabels } from './useMachineLabels';

/** The 'AI' badge of a machine label in the annotation list, its score in the title. */
function Badge_({ score }: { score: number | null }) {
  const { t } = useTranslation('assist');
  const shown = score === null ? '—' : `${Math.round(score * 100)}%`;
  return (
    <Badge
      size="xs"
      variant="outline"
      colorPalette="purple"
      title={t('machine.badgeTitle', { score: shown })}
      flexShrink={0}
      data-testid="machine-badge"
    >
      {t('machine.badge')}
      {score !== null && ` ${shown}`}
    </Badge>
  );
}

/** Accepts one machine label as it is. */
function Accept({ onAccept, disabled }: { onAccept: () => void; disabled: boolean }) {
  const { t } = useTranslation('assist');
  return (
    <IconButton
      size="2xs"
      variant="ghost"
      aria-label={t('machine.accept')}
      title={t('machine.accept')}
      disabled={disabled}
      onClick={onAccept}
      data-testid="machine-accept"
    >
      ✓
    </IconButton>
  );
}

export const MachineBadge = Object.assign(Badge_, { Accept });

/** 'Accept N machine labels' above the list (hidden when there are none). */
export function MachineAcceptAll({ machine, readOnly }: { machine: MachineLabels; readOnly: boolean }) {
  const { t } = useTranslation('assist');
  const count = machine.machine.size;
  if (count === 0) return null;
  return (
    <Button
      size="2xs"
      variant="outline"
      colorPalette="purple"
      disabled={readOnly}
      onClick={machine.acceptAll}
      data-testid="machine-accept-all"
    >
      {t('machine.acceptAll', { count })}
    </Button>
  );
}
