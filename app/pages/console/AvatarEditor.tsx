import { Box, Button, HStack, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { authApi } from '../../api/authApi';
import { errorCodeOf } from '../../api/ApiRequestError';
import { Avatar } from '../../components/Avatar';
import { auth, updateAuthUser } from '../../state/auth';
import { checkAvatarFile } from './checkAvatarFile';
import { toaster } from './toaster';

/**
 * Profile image: pick a file (checked here for size and real image type), see the preview,
 * upload it (PUT auth/user/avatar with the bytes), or remove the current one.
 */
export function AvatarEditor() {
  const { t } = useTranslation(['console', 'errors']);
  const { user } = useSnapshot(auth);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const done = (updated: Parameters<typeof updateAuthUser>[0]) => {
    updateAuthUser(updated);
    setFile(null);
    setPreview(null);
    toaster.create({ type: 'success', title: t('console:toast.saved') });
  };
  const failed = (failure: unknown) => {
    setError(`errors:${errorCodeOf(failure)}`);
    toaster.create({ type: 'error', title: t('console:toast.saveFailed') });
  };
  const upload = useMutation({ mutationFn: authApi.uploadAvatar, onSuccess: done, onError: failed });
  const remove = useMutation({ mutationFn: authApi.removeAvatar, onSuccess: done, onError: failed });

  const choose = async (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    const check = await checkAvatarFile(picked);
    if (input.current) input.current.value = '';
    if (!check.ok) {
      setError(check.code === 'payload_too_large' ? 'console:settings.avatar.tooLarge' : `errors:${check.code}`);
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  if (!user) return null;
  return (
    <Stack gap="3" data-testid="avatar-editor">
      <Text fontWeight="600" id="avatar-label">
        {t('console:settings.avatar.label')}
      </Text>
      <HStack gap="5" align="center" wrap="wrap">
        {preview ? (
          <Image
            src={preview}
            alt={t('console:settings.avatar.preview')}
            boxSize="20"
            rounded="full"
            objectFit="cover"
            data-testid="avatar-preview"
          />
        ) : (
          <Box>
            <Avatar name={user.name} email={user.email ?? ''} src={user.avatar ?? null} size={80} />
          </Box>
        )}
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <VisuallyHidden asChild>
              <input
                ref={input}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                aria-labelledby="avatar-label"
                data-testid="avatar-input"
                onChange={(e) => void choose(e.currentTarget.files?.[0])}
              />
            </VisuallyHidden>
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              {t('console:settings.avatar.choose')}
            </Button>
            {file && (
              <Button
                colorPalette="brand"
                size="sm"
                loading={upload.isPending}
                onClick={() => upload.mutate(file)}
                data-testid="avatar-upload"
              >
                {t('console:settings.avatar.upload')}
              </Button>
            )}
            {!file && user.avatar && (
              <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('console:settings.avatar.remove')}
              </Button>
            )}
          </HStack>
          <Text
            fontSize="sm"
            color={error ? 'fg.error' : 'fg.muted'}
            role={error ? 'alert' : undefined}
            data-testid="avatar-message"
          >
            {error ? t(error) : t('console:settings.avatar.hint')}
          </Text>
        </Stack>
      </HStack>
    </Stack>
  );
}
