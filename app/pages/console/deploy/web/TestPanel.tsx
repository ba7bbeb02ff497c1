import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREDICT_IMAGE_MAX_BYTES } from '../../../../../contract/apiPredict';
import { Field } from '../../../../theme/parts/field';
import { predictCall, type PredictOutcome } from './predictCall';

const COLORS = ['#e53e3e', '#3182ce', '#38a169', '#d69e2e', '#805ad5', '#dd6b20', '#319795', '#d53f8c'];

/**
 * Tries the point from the browser as a client would: an image file and a point key, the answer's
 * boxes drawn over the image with their labels and scores, and the server's time.
 */
export function TestPanel({ url, secret }: { url: string; secret: string | null }) {
  const { t, i18n } = useTranslation(['webPoints', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [key, setKey] = useState(secret ?? '');
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PredictOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The image's natural size, for the overlay's viewBox: boxes come in the image's own pixels.
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (secret) setKey(secret);
  }, [secret]);
  useEffect(() => {
    setSize(null);
    if (!file) return setSrc(null);
    const objectUrl = URL.createObjectURL(file);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const pick = (picked: File | null) => {
    setOutcome(null);
    setFileError(null);
    if (picked && picked.size > PREDICT_IMAGE_MAX_BYTES) {
      setFile(null);
      setFileError(t('errors:payload_too_large'));
      return;
    }
    setFile(picked);
  };
  const run = async () => {
    if (!file || !key.trim()) return;
    setBusy(true);
    setOutcome(await predictCall(url, key, file));
    setBusy(false);
  };
  const predictions = outcome?.ok ? outcome.answer.predictions : [];
  const labels = [...new Set(predictions.map((p) => p.label))];
  const colorOf = (label: string) => COLORS[labels.indexOf(label) % COLORS.length]!;
  const stroke = size ? Math.max(2, Math.round(Math.max(size.width, size.height) / 200)) : 2;
  return (
    <Stack gap="4" data-testid="web-test">
      <HStack gap="4" align="flex-start" wrap="wrap">
        <Field.Root flex="1" minW="56" invalid={!!fileError}>
          <Field.Label>{t('test.image')}</Field.Label>
          <Input
            type="file"
            accept="image/png,image/jpeg,image/bmp,image/webp"
            p="1"
            onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
            data-testid="web-test-file"
          />
          {fileError && <Field.ErrorText>{fileError}</Field.ErrorText>}
        </Field.Root>
        <Field.Root flex="1" minW="56">
          <Field.Label>{t('test.key')}</Field.Label>
          <Input
            type="password"
            autoComplete="off"
            fontFamily="mono"
            placeholder={t('test.keyPlaceholder')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            data-testid="web-test-key"
          />
          <Field.HelperText>{secret ? t('test.keyFromCreated') : t('test.keyHint')}</Field.HelperText>
        </Field.Root>
      </HStack>
      <HStack>
        <Button
          colorPalette="brand"
          size="sm"
          loading={busy}
          disabled={!file || !key.trim()}
          onClick={() => void run()}
          data-testid="web-test-run"
        >
          {t('test.run')}
        </Button>
        {outcome?.ok && (
          <Text fontSize="sm" color="fg.muted" data-testid="web-test-time">
            {t('test.time', { ms: outcome.answer.timeMs.toLocaleString(i18n.language, { maximumFractionDigits: 1 }) })}
          </Text>
        )}
      </HStack>
      {outcome && !outcome.ok && (
        <Text color="fg.error" fontSize="sm" data-testid="web-test-error" data-code={outcome.code}>
          {t(`errors:${outcome.code}`)}
        </Text>
      )}
      {src && (
        <HStack align="flex-start" gap="6" wrap="wrap">
          <Box position="relative" maxW="lg" flexShrink={0}>
            <img
              src={src}
              alt={file?.name ?? ''}
              style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
              onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              data-testid="web-test-image"
            />
            {size && predictions.some((p) => p.box) && (
              <svg
                viewBox={`0 0 ${size.width} ${size.height}`}
                preserveAspectRatio="none"
                style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
                data-testid="web-test-overlay"
              >
                {predictions.map((p, i) =>
                  p.box ? (
                    <g key={i} data-testid="web-test-box">
                      <rect
                        x={p.box.x}
                        y={p.box.y}
                        width={p.box.width}
                        height={p.box.height}
                        fill="none"
                        stroke={colorOf(p.label)}
                        strokeWidth={stroke}
                      />
                      <text
                        x={p.box.x + stroke}
                        y={Math.max(p.box.y - stroke, stroke * 6)}
                        fill={colorOf(p.label)}
                        fontSize={stroke * 6}
                        fontFamily="sans-serif"
                        fontWeight="bold"
                        stroke="white"
                        strokeWidth={stroke / 3}
                        paintOrder="stroke"
                      >
                        {`${p.label} ${(p.score * 100).toFixed(0)}%`}
                      </text>
                    </g>
                  ) : null,
                )}
              </svg>
            )}
          </Box>
          {outcome?.ok && (
            <Stack gap="1" minW="48" data-testid="web-test-predictions">
              {predictions.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('test.none')}
                </Text>
              ) : (
                predictions.map((p, i) => (
                  <HStack key={i} justify="space-between" fontSize="sm" data-testid="web-test-prediction">
                    <HStack gap="2">
                      <Box w="3" h="3" rounded="sm" bg={colorOf(p.label)} />
                      <Text fontWeight="600">{p.label}</Text>
                    </HStack>
                    <Text fontFamily="mono">{(p.score * 100).toFixed(1)}%</Text>
                  </HStack>
                ))
              )}
            </Stack>
          )}
        </HStack>
      )}
    </Stack>
  );
}
