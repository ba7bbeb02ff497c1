import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MISTAKE_KINDS, type Mistake } from '../../../../../../contract/apiTraining';
import type { LabelMap } from '../labelMap';
import { LabelName } from '../LabelName';
import { EvaluationThumb } from './EvaluationThumb';

const PAGE = 24;
type Filter = 'all' | Mistake['kind'];

export const MISTAKE_COLORS: Record<Mistake['kind'], string> = {
  false_positive: '#dd6b20',
  miss: '#e53e3e',
  wrong_class: '#805ad5',
};

/**
 * The model's worst mistakes on the test split, in the evaluation's order (most confident wrong
 * answers first), filtered by kind. Each opens its image in the studio, where this training's
 * predictions are drawn beside the labels: fix the label, or see what the model gets wrong.
 */
export function MistakesGallery({
  mistakes,
  labels,
  projectId,
  trainingId,
}: {
  mistakes: readonly Mistake[];
  labels: LabelMap;
  projectId: string;
  trainingId: string;
}) {
  const { t } = useTranslation('trainingResults');
  const [filter, setFilter] = useState<Filter>('all');
  const [shown, setShown] = useState(PAGE);
  const kinds = MISTAKE_KINDS.filter((k) => mistakes.some((m) => m.kind === k));
  const visible = filter === 'all' ? mistakes : mistakes.filter((m) => m.kind === filter);

  return (
    <Stack gap="4" data-testid="mistakes">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="600" fontSize="lg">
          {t('mistakes.title')}
        </Text>
        {mistakes.length > 0 && (
          <HStack gap="1" wrap="wrap" role="group" aria-label={t('mistakes.filter')}>
            {(['all', ...kinds] as Filter[]).map((kind) => (
              <Button
                key={kind}
                size="xs"
                variant={filter === kind ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={filter === kind}
                onClick={() => {
                  setFilter(kind);
                  setShown(PAGE);
                }}
                data-testid="mistake-filter"
                data-kind={kind}
              >
                {t(`mistakes.kinds.${kind}`)} (
                {kind === 'all' ? mistakes.length : mistakes.filter((m) => m.kind === kind).length})
              </Button>
            ))}
          </HStack>
        )}
      </HStack>
      {mistakes.length === 0 ? (
        <Text color="fg.muted" data-testid="mistakes-none">
          {t('mistakes.none')}
        </Text>
      ) : (
        <>
          <Flex gap="4" wrap="wrap">
            {visible.slice(0, shown).map((m, i) => (
              <EvaluationThumb
                key={`${m.imageId}-${i}`}
                projectId={projectId}
                trainingId={trainingId}
                imageId={m.imageId}
                box={m.box}
                boxColor={MISTAKE_COLORS[m.kind]}
                testId="mistake"
                caption={<MistakeCaption mistake={m} labels={labels} />}
              />
            ))}
          </Flex>
          {visible.length > shown && (
            <Button alignSelf="start" variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE)}>
              {t('mistakes.more', { count: visible.length - shown })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

function MistakeCaption({ mistake, labels }: { mistake: Mistake; labels: LabelMap }) {
  const { t } = useTranslation('trainingResults');
  return (
    <Stack gap="0.5" data-kind={mistake.kind}>
      <Text fontWeight="600" color={MISTAKE_COLORS[mistake.kind]}>
        {t(`mistakes.kinds.${mistake.kind}`)}
      </Text>
      {mistake.labelId !== null && (
        <HStack gap="1">
          <Text color="fg.muted">{t('mistakes.labeled')}</Text>
          <LabelName labels={labels} labelId={mistake.labelId} />
        </HStack>
      )}
      {mistake.predictedLabelId !== null && (
        <HStack gap="1">
          <Text color="fg.muted">{t('mistakes.predicted')}</Text>
          <LabelName labels={labels} labelId={mistake.predictedLabelId} />
          {mistake.score !== null && <Text color="fg.muted">{mistake.score.toFixed(2)}</Text>}
        </HStack>
      )}
    </Stack>
  );
}
