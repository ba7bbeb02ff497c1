import { Box, Button, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_EXTENSIONS, COVER_MAX_COUNT, COVER_TYPES } from '../../../../contract/apiMarket';
import { V } from '../../../../contract/validationMessages';
import { checkCovers, type CoverCheck } from './checkCovers';

const ACCEPT = [...COVER_TYPES, ...COVER_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Object URLs of the chosen files for their previews, revoked when the files change or the form leaves. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * Up to five cover images: dropped or chosen, checked before upload (name and first bytes, size,
 * count), previewed, removable and reordered (the first is the main cover). Refused files are
 * named with the rule they broke; the covers already chosen stay.
 */
export function CoverPicker({ covers, onChange }: { covers: File[]; onChange: (covers: File[]) => void }) {
  const { t } = useTranslation(['market', 'validation']);
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<CoverCheck['refused']>([]);
  const [over, setOver] = useState(false);
  const previews = usePreviews(covers);
  const full = covers.length >= COVER_MAX_COUNT;

  const add = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const result = await checkCovers(files, covers.length);
    setRefused(result.refused);
    if (result.accepted.length > 0) onChange([...covers, ...result.accepted]);
  };
  const move = (from: number, to: number) => {
    const next = [...covers];
    const [file] = next.splice(from, 1);
    next.splice(to, 0, file!);
    onChange(next);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <Stack gap="3">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'brand.solid' : 'border'}
        bg={over ? 'brand.subtle' : undefined}
        borderRadius="l2"
        p="5"
        textAlign="center"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="cover-drop"
      >
        <Text fontSize="sm" color="fg.muted" mb="2">
          {full ? t('form.coversFull') : t('form.coversDrop')}
        </Text>
        <Button size="sm" variant="outline" disabled={full} onClick={() => input.current?.click()}>
          {t('form.coversChoose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="cover-input"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void add(files);
          }}
        />
      </Box>
      {refused.length > 0 && (
        <Stack gap="1" role="alert" data-testid="cover-refused">
          <Text fontSize="sm" color="fg.error">
            {t(V.resourceCovers)}
          </Text>
          {refused.map((r) => (
            <Text key={r.name} fontSize="xs" color="fg.error">
              {t(`form.coverRefused.${r.reason}`, { name: r.name })}
            </Text>
          ))}
        </Stack>
      )}
      {covers.length > 0 && (
        <HStack gap="3" wrap="wrap" as="ol" listStyleType="none" aria-label={t('form.covers')}>
          {covers.map((file, index) => (
            <Stack as="li" key={`${file.name}-${index}`} gap="1" w="28" data-testid="cover-item">
              <Box position="relative" w="28" h="20" bg="bg.muted" borderRadius="l2" overflow="hidden">
                {previews[index] && <Image src={previews[index]} alt={file.name} w="full" h="full" objectFit="cover" />}
                {index === 0 && (
                  <Text position="absolute" top="1" left="1" fontSize="2xs" bg="bg" px="1" borderRadius="l1">
                    {t('form.coverMain')}
                  </Text>
                )}
              </Box>
              <Text fontSize="xs" truncate title={file.name}>
                {file.name}
              </Text>
              <HStack gap="1">
                <IconButton
                  size="2xs"
                  variant="outline"
                  aria-label={t('form.coverEarlier', { index: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </IconButton>
                <IconButton
                  size="2xs"
                  variant="outline"
                  aria-label={t('form.coverLater', { index: index + 1 })}
                  disabled={index === covers.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </IconButton>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('form.coverRemove', { index: index + 1 })}
                  onClick={() => onChange(covers.filter((_, i) => i !== index))}
                  data-testid="cover-remove"
                >
                  ✕
                </IconButton>
              </HStack>
            </Stack>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
