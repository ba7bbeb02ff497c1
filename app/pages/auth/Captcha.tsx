import { Box, Button, chakra, HStack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/authApi';
import { solveCaptcha } from '../../api/solveCaptcha';
import { Progress } from '../../theme/parts/progress';

type Phase = { kind: 'idle' } | { kind: 'solving'; share: number } | { kind: 'solved' } | { kind: 'failed' };

/**
 * "I am not a robot": a self-hosted proof of work instead of a third-party captcha. Pressing the
 * check box fetches a challenge and solves it in the browser with a progress bar; the payload
 * goes to `onSolved`. `resetKey` changes after each login try (a payload is single-use).
 */
export function Captcha({
  onSolved,
  resetKey,
  invalid,
}: {
  onSolved: (payload: string | null) => void;
  resetKey: number;
  invalid?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const checkId = useId();
  const statusId = useId();

  useEffect(() => {
    setPhase({ kind: 'idle' });
    onSolved(null);
    return () => abort.current?.abort();
    // onSolved is a state setter of the parent; only a new try resets the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const start = async () => {
    if (phase.kind === 'solving' || phase.kind === 'solved') return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'solving', share: 0 });
    try {
      const challenge = await authApi.captcha();
      const payload = await solveCaptcha(challenge, (share) => setPhase({ kind: 'solving', share }), controller.signal);
      setPhase({ kind: 'solved' });
      onSolved(payload);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.info('captcha', error);
      setPhase({ kind: 'failed' });
    }
  };

  const percent =
    phase.kind === 'solving' ? Math.min(99, Math.round(phase.share * 100)) : phase.kind === 'solved' ? 100 : 0;
  const solved = phase.kind === 'solved';
  return (
    <Box borderWidth="1px" borderColor={invalid ? 'border.error' : 'border'} rounded="md" p="3" data-testid="captcha">
      <HStack gap="3">
        <Button
          role="checkbox"
          aria-checked={solved ? 'true' : phase.kind === 'solving' ? 'mixed' : 'false'}
          aria-busy={phase.kind === 'solving'}
          id={checkId}
          aria-describedby={statusId}
          variant="outline"
          size="sm"
          w="7"
          minW="7"
          h="7"
          p="0"
          onClick={() => void start()}
          colorPalette={solved ? 'green' : 'gray'}
        >
          <span aria-hidden="true">{solved ? '✓' : ''}</span>
        </Button>
        {/* A label of the check box (a button is labelable): it names it, and a click on the text
            is a click on the box, as with a native check box. */}
        <chakra.label htmlFor={checkId} fontWeight="500" cursor="pointer" flex="1" userSelect="none">
          {t('captcha.label')}
        </chakra.label>
      </HStack>
      {phase.kind === 'solving' && (
        <Progress.Root value={percent} size="xs" mt="3" colorPalette="brand" aria-label={t('captcha.progress')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Text
        id={statusId}
        fontSize="sm"
        mt="2"
        color={phase.kind === 'failed' ? 'fg.error' : 'fg.muted'}
        aria-live="polite"
      >
        {phase.kind === 'solving' && t('captcha.checking', { percent })}
        {phase.kind === 'solved' && t('captcha.done')}
        {phase.kind === 'failed' && t('captcha.failed')}
      </Text>
    </Box>
  );
}
