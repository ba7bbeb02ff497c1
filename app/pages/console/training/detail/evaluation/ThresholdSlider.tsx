import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetectionEvaluation } from '../../../../../../contract/apiTraining';
import { percent } from '../trainingSteps';

const Range = chakra('input');

/** The index of the thresholds entry closest to `score`. */
export function nearestThreshold(thresholds: readonly { score: number }[], score: number): number {
  let best = 0;
  thresholds.forEach((p, i) => {
    if (Math.abs(p.score - score) < Math.abs((thresholds[best]?.score ?? Infinity) - score)) best = i;
  });
  return best;
}

/**
 * A confidence threshold over the evaluation's `thresholds`: precision, recall and F1 of the test
 * split at the chosen score, exactly as the evaluation computed them (no interpolation), starting
 * at the best F1, which is marked on the track and can be gone back to.
 */
export function ThresholdSlider({
  evaluation,
}: {
  evaluation: Pick<DetectionEvaluation, 'thresholds' | 'bestThreshold'>;
}) {
  const { t } = useTranslation('trainingResults');
  const id = useId();
  const { thresholds, bestThreshold } = evaluation;
  const bestIndex = nearestThreshold(thresholds, bestThreshold.score);
  const [index, setIndex] = useState(bestIndex);
  const point = thresholds[index];
  if (!point) return null;
  const atBest = index === bestIndex;
  return (
    <Stack gap="3" p="4" borderWidth="1px" borderRadius="l2" data-testid="threshold-slider">
      <HStack justify="space-between" wrap="wrap">
        <chakra.label htmlFor={id} fontWeight="600">
          {t('threshold.label')}
        </chakra.label>
        <Text fontSize="sm" color="fg.muted" data-testid="threshold-best">
          {t('threshold.best', { score: bestThreshold.score.toFixed(2), f1: percent(bestThreshold.f1) })}
        </Text>
      </HStack>
      <Range
        id={id}
        type="range"
        min={0}
        max={thresholds.length - 1}
        step={1}
        value={index}
        list={`${id}-best`}
        onChange={(e) => setIndex(Number(e.currentTarget.value))}
        aria-valuetext={t('threshold.valueText', { score: point.score.toFixed(2) })}
        accentColor="var(--chakra-colors-brand-solid)"
        w="full"
        data-testid="threshold-input"
      />
      <datalist id={`${id}-best`}>
        <option value={bestIndex} label={t('threshold.bestMark')} />
      </datalist>
      <HStack gap="6" wrap="wrap" fontVariantNumeric="tabular-nums">
        <Text>
          {t('threshold.score')}: <b data-testid="threshold-score">{point.score.toFixed(2)}</b>
        </Text>
        <Text>
          {t('evaluation.precision')}: <b data-testid="threshold-precision">{percent(point.precision)}</b>
        </Text>
        <Text>
          {t('evaluation.recall')}: <b data-testid="threshold-recall">{percent(point.recall)}</b>
        </Text>
        <Text>
          {t('evaluation.f1')}: <b data-testid="threshold-f1">{percent(point.f1)}</b>
        </Text>
        {atBest ? (
          <Text color="green.fg" fontWeight="600" data-testid="threshold-at-best">
            ★ {t('threshold.bestMark')}
          </Text>
        ) : (
          <Button size="xs" variant="outline" onClick={() => setIndex(bestIndex)} data-testid="threshold-to-best">
            {t('threshold.toBest')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
