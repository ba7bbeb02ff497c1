import { Box, Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { projectHref } from '../../../../../contract/projectRoutes';
import type { LabelClass } from '../../../../../engine';
import type { AssistAi } from './useAssistAi';

export interface AssistAiPanelProps {
  assist: AssistAi;
  projectId: string;
  /** The project has no assist model (null: still asking). */
  noModel: boolean;
  /** Still asking whether there is one. */
  checking: boolean;
  labels: readonly LabelClass[];
  readOnly: boolean;
  onClose: () => void;
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/**
 * The assist AI's panel over the canvas: what the model proposed for the view (boxes with their
 * scores, each accepted or rejected, all above a threshold accepted at once; or the classes with
 * their scores), its progress and its errors, or — before the project has a model — a link to
 * the Training tab.
 */
export function AssistAiPanel({ assist, projectId, noModel, checking, labels, readOnly, onClose }: AssistAiPanelProps) {
  const { t } = useTranslation('assist');
  const { state } = assist;
  return (
    <Stack
      position="absolute"
      top="2"
      left="2"
      zIndex="2"
      w="min(300px, calc(100% - 16px))"
      maxH="calc(100% - 16px)"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="md"
      p="2"
      gap="2"
      fontSize="xs"
      role="region"
      aria-label={t('panel.title')}
      data-testid="assist-panel"
      data-status={noModel ? 'no-model' : state.status}
      data-backend={state.status === 'done' ? state.backend : undefined}
      data-total-ms={state.status === 'done' ? Math.round(state.totalMs) : undefined}
    >
      <HStack justify="space-between">
        <Text fontWeight="600" fontSize="sm">
          {t('panel.title')}
        </Text>
        <IconButton size="2xs" variant="ghost" aria-label={t('panel.close')} onClick={onClose}>
          ×
        </IconButton>
      </HStack>
      {noModel ? (
        <Stack gap="1" data-testid="assist-no-model">
          <Text>{t('panel.noModel')}</Text>
          <Link asChild color="brand.fg" fontWeight="600">
            <RouterLink href={projectHref(projectId, 'training')}>{t('panel.trainFirst')}</RouterLink>
          </Link>
        </Stack>
      ) : checking ? (
        <Text color="fg.muted" role="status">
          {t('panel.checking')}
        </Text>
      ) : state.status === 'idle' ? (
        <Stack gap="1">
          <Text color="fg.muted">{t('panel.idle')}</Text>
          <Button size="xs" colorPalette="brand" onClick={assist.run} data-testid="assist-run">
            {t('panel.run')}
          </Button>
        </Stack>
      ) : state.status === 'loading' || state.status === 'running' ? (
        <Text color="fg.muted" role="status" data-testid="assist-progress">
          {t(`panel.${state.status}`)}
        </Text>
      ) : state.status === 'error' ? (
        <Stack gap="1">
          <Text color="fg.error" role="alert" data-testid="assist-error" data-code={state.code}>
            {t(`errors.${state.code}`)}
          </Text>
          <Button size="xs" variant="outline" onClick={assist.run}>
            {t('panel.retry')}
          </Button>
        </Stack>
      ) : (
        <Results assist={assist} labels={labels} readOnly={readOnly} />
      )}
    </Stack>
  );
}

function Results({ assist, labels, readOnly }: { assist: AssistAi; labels: readonly LabelClass[]; readOnly: boolean }) {
  const { t } = useTranslation('assist');
  const { state } = assist;
  if (state.status !== 'done') return null;
  const meta = t('panel.meta', { backend: state.backend, ms: Math.round(state.totalMs), tiles: state.tiles });
  if (state.task === 'classification')
    return (
      <Stack gap="1" data-testid="assist-classes">
        {state.classes.length === 0 && <Text color="fg.muted">{t('panel.noClass')}</Text>}
        {state.classes.map((c) => (
          <HStack key={c.labelId} gap="2" data-testid="assist-class">
            <Box w="2.5" h="2.5" rounded="sm" bg={labels[c.label]?.color} flexShrink={0} />
            <Text flex="1" truncate>
              {labels[c.label]?.name}
            </Text>
            <Text fontVariantNumeric="tabular-nums">{pct(c.score)}</Text>
            <Button size="2xs" variant="outline" disabled={readOnly} onClick={() => assist.acceptClass(c.labelId)}>
              {t('panel.setClass')}
            </Button>
          </HStack>
        ))}
        <Text color="fg.subtle">{meta}</Text>
      </Stack>
    );
  const total = state.proposals.length;
  return (
    <Stack gap="2" minH="0">
      <Text data-testid="assist-count">{t('panel.count', { count: assist.shown.length, total })}</Text>
      <HStack as="label" gap="2">
        <Text>{t('panel.threshold')}</Text>
        <input
          type="range"
          min={0.05}
          max={0.95}
          step={0.05}
          value={assist.threshold}
          onChange={(e) => assist.setThreshold(Number(e.target.value))}
          aria-label={t('panel.threshold')}
          data-testid="assist-threshold"
          style={{ flex: 1 }}
        />
        <Text w="9" fontVariantNumeric="tabular-nums">
          {pct(assist.threshold)}
        </Text>
      </HStack>
      <HStack gap="1">
        <Button
          size="xs"
          colorPalette="brand"
          flex="1"
          disabled={readOnly || assist.shown.length === 0}
          onClick={assist.acceptShown}
          data-testid="assist-accept-all"
        >
          {t('panel.acceptAbove', { threshold: pct(assist.threshold), count: assist.shown.length })}
        </Button>
        <Button size="xs" variant="outline" onClick={assist.clear} data-testid="assist-clear">
          {t('panel.clear')}
        </Button>
      </HStack>
      <Stack gap="0" overflowY="auto" maxH="240px" role="list" aria-label={t('panel.list')}>
        {assist.shown.map((p) => (
          <HStack
            key={p.id}
            role="listitem"
            gap="1"
            px="1"
            rounded="sm"
            bg={assist.focus === p.id ? 'bg.muted' : undefined}
            onMouseEnter={() => assist.setFocus(p.id)}
            onMouseLeave={() => assist.setFocus(null)}
            data-testid="assist-proposal"
            data-box={[p.box.x, p.box.y, p.box.width, p.box.height].map(Math.round).join(',')}
          >
            <Box w="2.5" h="2.5" rounded="sm" bg={labels[p.label]?.color} flexShrink={0} />
            <Text flex="1" truncate>
              {labels[p.label]?.name}
            </Text>
            <Text fontVariantNumeric="tabular-nums">{pct(p.score)}</Text>
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={t('panel.accept', { name: labels[p.label]?.name ?? '' })}
              disabled={readOnly}
              onClick={() => assist.accept(p.id)}
              data-testid="assist-accept"
            >
              ✓
            </IconButton>
            <IconButton
              size="2xs"
              variant="ghost"
              aria-label={t('panel.reject', { name: labels[p.label]?.name ?? '' })}
              onClick={() => assist.reject(p.id)}
              data-testid="assist-reject"
            >
              ✕
            </IconButton>
          </HStack>
        ))}
      </Stack>
      <HStack justify="space-between">
        <Text color="fg.subtle">{meta}</Text>
        <Button size="2xs" variant="ghost" onClick={assist.run} data-testid="assist-run-again">
          {t('panel.runAgain')}
        </Button>
      </HStack>
    </Stack>
  );
}
