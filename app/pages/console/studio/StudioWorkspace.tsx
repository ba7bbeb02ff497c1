import { Box, Flex, Stack } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import type { ImageItem, Label, Project } from '../../../../contract/apiProjects';
import { projectImageHref } from '../../../../contract/projectRoutes';
import type { Box as EngineBox, EngineErrorCode, ToolName } from '../../../../engine';
import { useEngine } from '../../../components/engine';
import { auth } from '../../../state/auth';
import { annotationBoxes } from '../image/annotationBoxes';
import { useImageNeighbors } from '../image/useImageNeighbors';
import { toaster } from '../toaster';
import { AdjustmentsPanel } from './AdjustmentsPanel';
import { Filmstrip } from './Filmstrip';
import { ImageNotice } from './ImageNotice';
import { AppDialog } from '../../../components/Dialog';
import { CheatSheet } from './keys/CheatSheet';
import { KeymapSettings } from './keys/KeymapSettings';
import { useKeymap } from './keys/useKeymap';
import { useStudioKeys } from './keys/useStudioKeys';
import { ReadOnlyNotice, type ReadOnlyReason } from './ReadOnlyNotice';
import { SidePanel } from './SidePanel';
import { StudioHeader } from './StudioHeader';
import { StudioStage } from './StudioStage';
import { StudioToolbar } from './StudioToolbar';
import { canEditAnnotations, defaultTool, studioKind } from './studioKind';
import { ConflictDialog } from './sync/ConflictDialog';
import { SaveIndicator } from './sync/SaveIndicator';
import { syncManagerFor } from './sync/SyncManager';
import { useAnnotationSync } from './sync/useAnnotationSync';
import { useImageLock } from './sync/useImageLock';
import { useLeaveGuard } from './sync/useLeaveGuard';
import { AssistAiButton } from './assist/AssistAiButton';
import { AssistAiLayer } from './assist/AssistAiLayer';
import { useMachineLabels } from './assist/useMachineLabels';
import { useStudioAssistAi } from './assist/useStudioAssistAi';
import { useAssistPoint } from './useAssistPoint';
import { useClassification } from './useClassification';
import { useEngineAnnotations } from './useEngineAnnotations';
import { useKeyHint } from './useKeyHint';
import { useNeighborPrefetch } from './useNeighborPrefetch';
import { useStoredAdjustments } from './useStoredAdjustments';
import { useStudioCommands } from './useStudioCommands';
import { useStudioTestHook } from './useStudioTestHook';
import { TileProgress } from './ZoomReadout';

export interface StudioWorkspaceProps {
  project: Project;
  labels: Label[];
  /** The image shown: this one, or the previous one while this one loads. */
  image: ImageItem;
  imageId: string;
}

type Dialog = 'cheatSheet' | 'keys' | 'conflicts' | null;

/**
 * The studio's screen: compact header, read-only notice, toolbar, adjustments, the canvas with
 * the side panel (label classes with counts, this image's annotations, or the manual) and the
 * filmstrip. Wires the engine to the save layer, the keys, the clipboard and the prefetch.
 */
export function StudioWorkspace({ project, labels, image, imageId }: StudioWorkspaceProps) {
  const { t } = useTranslation('studio');
  const engine = useEngine();
  useStudioTestHook(engine);
  const [, navigate] = useLocation();
  const { user } = useSnapshot(auth);
  const userId = user?.id ?? '';
  const kind = studioKind(project.subtype);
  const neighbors = useImageNeighbors(project.id, imageId);
  useNeighborPrefetch(project.id, neighbors, userId);
  const current = image.id === imageId;
  const ready = image.state === 'ready';

  const canEdit = canEditAnnotations(project.role);
  const lock = useImageLock(project.id, imageId, { enabled: current && ready && canEdit });
  const readOnlyReason: ReadOnlyReason | null = !canEdit
    ? { type: 'role' }
    : lock.status === 'theirs'
      ? { type: 'locked', lock: lock.lock, canTakeOver: lock.canTakeOver, onTakeOver: () => void lock.takeOver() }
      : null;
  const readOnly = readOnlyReason !== null;
  const sync = useAnnotationSync({
    projectId: project.id,
    imageId,
    userId,
    labels,
    kind,
    enabled: current && ready && !readOnly,
  });
  // The save layer's view: the server's state under this user's unsynced edits (it loads the
  // state for read-only views too, and records nothing there).
  const annotations = sync.annotations ?? undefined;
  useEngineAnnotations({ engine, imageId, annotations, labels, onEdit: sync.record });
  useLeaveGuard(sync.status.unsynced);

  const [adjustments, setAdjustments] = useStoredAdjustments(userId, project.id);
  useEffect(() => engine?.setAdjustments(adjustments), [engine, adjustments]);

  const [activeLabel, setActiveLabel] = useState(0);
  useEffect(() => engine?.setActiveLabel(activeLabel), [engine, activeLabel]);
  useEffect(() => {
    if (!engine) return;
    try {
      engine.setTool(readOnly ? 'pan' : defaultTool(kind));
    } catch {
      engine.setTool('pan');
    }
  }, [engine, kind, readOnly]);

  // The engine refuses a box under 20 × 20 or outside the image with a code: say why, in words.
  useEffect(() => {
    if (!engine) return undefined;
    return engine.on('error', ({ code }) => {
      if (code === 'box_too_small' || code === 'box_outside_image') {
        toaster.create({ type: 'warning', title: t(`engineErrors.${code}`), duration: 3000 });
      }
    });
  }, [engine, t]);
  const onAssistError = useCallback(
    (code: EngineErrorCode) => toaster.create({ type: 'warning', title: t(`engineErrors.${code}`), duration: 3000 }),
    [t],
  );
  useAssistPoint(engine, kind, ready && !readOnly, onAssistError);

  const classification = useClassification(
    imageId,
    sync.imageClass ?? annotations?.find((a) => a.kind === 'class')?.labelId ?? null,
  );
  const step = useCallback(
    (direction: 'previous' | 'next') => {
      const id = direction === 'next' ? neighbors.nextId : neighbors.prevId;
      if (id) navigate(projectImageHref(project.id, id));
    },
    [neighbors.nextId, neighbors.prevId, navigate, project.id],
  );

  const stageRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  // The page's clipboard: kept while stepping from image to image.
  const clipboard = useRef<EngineBox[]>([]);
  const [flagsVersion, setFlagsVersion] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { keymap } = useKeymap();
  const [panels, setPanels] = useState({ adjustments: false, help: false });
  const [side, setSide] = useState<boolean | null>(null);
  const search = useSearch();
  const assistAi = useStudioAssistAi({
    engine,
    projectId: project.id,
    imageId,
    labels,
    stage: stageRef,
    enabled: ready,
    trainingId: new URLSearchParams(search).get('training'),
    onAcceptClass: (labelId) => {
      classification.assign(labelId);
      sync.setClass(labelId);
    },
  });
  const machine = useMachineLabels(engine, { userId, projectId: project.id, imageId }, current && ready && !readOnly);

  const commands = useStudioCommands({
    engine,
    stage: stageRef,
    container: containerRef,
    kind,
    readOnly,
    labelCount: labels.length,
    onActiveLabel: setActiveLabel,
    assignClass: (index) => {
      const label = labels[index];
      if (!label) return;
      classification.assign(label.id);
      sync.setClass(label.id);
      if (classification.advance) step('next');
    },
    clipboard,
    previousBoxes: async () => {
      if (!neighbors.prevId || !userId) return [];
      // What this user sees there, unsynced edits included (the neighbour was fetched ahead).
      const list = await syncManagerFor(userId).annotationsOf(project.id, neighbors.prevId);
      return annotationBoxes(list, labels).boxes;
    },
    step,
    saveNow: () => void sync.saveNow(),
    openCheatSheet: () => setDialog('cheatSheet'),
    onFlags: () => setFlagsVersion((v) => v + 1),
  });

  const toolBeforePan = useRef<ToolName | null>(null);
  useStudioKeys(
    { ...commands.keys, assistAi: assistAi.trigger },
    {
      enabled: dialog === null,
      onPanHold: (down) => {
        if (!engine) return;
        if (down) {
          toolBeforePan.current = engine.getTool();
          engine.setTool('pan');
        } else if (toolBeforePan.current) {
          engine.setTool(toolBeforePan.current);
          toolBeforePan.current = null;
        }
      },
    },
  );

  const hint = useKeyHint();
  const filmstripKeys = useMemo(() => ({ previous: hint('previousImage'), next: hint('nextImage') }), [hint]);
  const sideDisplay = side === null ? { base: 'none', md: 'flex' } : side ? 'flex' : 'none';
  return (
    <Flex ref={containerRef} direction="column" h="full" bg="bg" data-testid="studio" data-readonly={readOnly}>
      <StudioHeader projectId={project.id} image={image}>
        {ready && (
          <Box hideBelow="md">
            <TileProgress />
          </Box>
        )}
        {ready && !readOnly && <SaveIndicator status={sync.status} onReview={() => setDialog('conflicts')} />}
      </StudioHeader>
      {readOnlyReason && <ReadOnlyNotice reason={readOnlyReason} />}
      {ready && (
        <StudioToolbar
          kind={kind}
          readOnly={readOnly}
          commands={commands}
          panels={panels}
          canCopyPrevious={neighbors.prevId !== null}
          assistAi={<AssistAiButton studio={assistAi} />}
          onPanel={(panel) => {
            if (panel === 'cheatSheet' || panel === 'keys') setDialog(panel);
            else if (panel === 'side') setSide((open) => !(open ?? window.matchMedia?.('(min-width: 48em)').matches));
            else setPanels((p) => ({ ...p, [panel]: !p[panel] }));
          }}
        />
      )}
      {ready && panels.adjustments && <AdjustmentsPanel value={adjustments} onChange={setAdjustments} />}
      <Flex flex="1" minH="0" position="relative">
        <Box ref={stageRef} flex="1" minW="0" position="relative">
          {ready ? <StudioStage projectId={project.id} image={image} /> : <ImageNotice image={image} />}
          {ready && (
            <AssistAiLayer
              studio={assistAi}
              projectId={project.id}
              labels={labels}
              stage={stageRef.current}
              readOnly={readOnly}
            />
          )}
        </Box>
        <Stack
          as="aside"
          aria-label={t('side.label')}
          w={{ base: 'min(85vw, 300px)', md: '280px' }}
          position={{ base: 'absolute', md: 'static' }}
          top="0"
          right="0"
          bottom="0"
          zIndex="1"
          bg="bg"
          borderLeftWidth="1px"
          display={sideDisplay}
          data-testid="studio-side"
        >
          <SidePanel
            kind={kind}
            labels={labels}
            readOnly={readOnly}
            help={panels.help}
            activeLabel={kind === 'class' ? labels.findIndex((l) => l.id === classification.classId) : activeLabel}
            onPick={commands.label}
            classification={classification}
            stage={stageRef}
            flagsVersion={flagsVersion}
            commands={commands}
            machine={machine}
          />
        </Stack>
      </Flex>
      <Filmstrip
        imageId={imageId}
        neighbors={neighbors}
        onOpen={(id) => navigate(projectImageHref(project.id, id))}
        keys={filmstripKeys}
      />
      <CheatSheet
        open={dialog === 'cheatSheet'}
        onOpenChange={(open) => setDialog(open ? 'cheatSheet' : null)}
        keymap={keymap}
      />
      <AppDialog
        open={dialog === 'keys'}
        title={t('toolbar.keySettings')}
        onClose={() => setDialog(null)}
        cancelText={null}
        width={720}
        mobileFull
      >
        <KeymapSettings />
      </AppDialog>
      <ConflictDialog
        open={dialog === 'conflicts'}
        onClose={() => setDialog(null)}
        conflicts={sync.conflicts}
        rejected={sync.rejected}
        labels={labels}
        onResolve={(id, keep) => engine?.applyRemote(sync.resolve(id, keep))}
        onDismiss={(id) => engine?.applyRemote(sync.dismissRejected(id))}
      />
    </Flex>
  );
}
