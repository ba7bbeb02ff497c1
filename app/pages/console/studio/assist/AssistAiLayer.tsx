import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LabelClass } from '../../../../../engine';
import { AssistAiPanel } from './AssistAiPanel';
import { PredictionsLegend } from './PredictionsLegend';
import { ProposalChips } from './ProposalChips';
import type { StudioAssistAi } from './useStudioAssistAi';

export interface AssistAiLayerProps {
  studio: StudioAssistAi;
  projectId: string;
  labels: readonly LabelClass[];
  stage: HTMLElement | null;
  readOnly: boolean;
}

/**
 * Over the canvas: a training's predictions (chips naming label and score, and the legend), and
 * while open the assist AI's panel with a chip (label, score, ✓, ✕) on each proposal shown.
 */
export function AssistAiLayer({ studio, projectId, labels, stage, readOnly }: AssistAiLayerProps) {
  const { t } = useTranslation('assist');
  const { assist, predictions } = studio;
  const trained = (
    <>
      <ProposalChips proposals={predictions.proposals} labels={labels} stage={stage} data-testid="prediction-chips" />
      <PredictionsLegend predictions={predictions} />
    </>
  );
  if (!studio.open) return trained;
  return (
    <>
      {trained}
      <ProposalChips
        proposals={assist.shown}
        labels={labels}
        stage={stage}
        onAccept={readOnly ? undefined : assist.accept}
        onReject={assist.reject}
        onFocus={assist.setFocus}
        data-testid="assist-chips"
      />
      {studio.modelError ? (
        <Stack
          position="absolute"
          top="2"
          left="2"
          zIndex="2"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          p="2"
          gap="1"
          fontSize="xs"
          data-testid="assist-panel"
          data-status="error"
        >
          <Text color="fg.error" role="alert" data-testid="assist-error" data-code="model_query">
            {t('errors.model_query')}
          </Text>
          <Button size="xs" variant="outline" onClick={studio.retryModel}>
            {t('panel.retry')}
          </Button>
        </Stack>
      ) : (
        <AssistAiPanel
          assist={assist}
          projectId={projectId}
          noModel={studio.noModel}
          checking={!studio.noModel && studio.model === null}
          labels={labels}
          readOnly={readOnly}
          onClose={studio.close}
        />
      )}
    </>
  );
}
