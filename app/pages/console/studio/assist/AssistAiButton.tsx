import { useTranslation } from 'react-i18next';
import { ToolButton } from '../ToolButton';
import { useKeyHint } from '../useKeyHint';
import type { StudioAssistAi } from './useStudioAssistAi';

/** The toolbar's Assist AI button: runs the model on the view; before there is one, its tooltip says to train one first. */
export function AssistAiButton({ studio }: { studio: StudioAssistAi }) {
  const { t } = useTranslation('studio');
  const { t: ta } = useTranslation('assist');
  const hint = useKeyHint();
  const busy = studio.assist.state.status === 'loading' || studio.assist.state.status === 'running';
  const key = hint('assistAi');
  return (
    <ToolButton
      label={t('tools.assistAi')}
      hint={studio.noModel ? ta('panel.trainFirst') : key}
      active={studio.open}
      disabled={busy}
      onClick={studio.trigger}
      data-testid="tool-assistAi"
    >
      <span aria-hidden>AI</span>
    </ToolButton>
  );
}
