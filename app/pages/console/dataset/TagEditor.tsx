import { chakra, HStack, Input, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '../../../../contract/apiProjects';
import { newTagSchema, TAGS_PER_ITEM_MAX } from '../../../../contract/validation';
import { formErrorOf } from '../../../api/formErrors';
import { projectsApi } from '../../../api/projectsApi';
import { Tag } from '../../../theme/parts/tag';
import { projectErrorKey } from '../projects/projectErrors';
import { projectKeys } from '../projects/projectQueries';

/** An image's tags: remove, or add one (1–6 characters, no duplicate — 'Duplicate tag name.', at most 3). */
export function TagEditor({ projectId, image }: { projectId: string; image: ImageItem }) {
  const { t } = useTranslation(['projects', 'validation', 'errors']);
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (tags: string[]) => projectsApi.setTags(projectId, image.id, tags),
    onSuccess: () => {
      setDraft('');
      void client.invalidateQueries({ queryKey: projectKeys.images(projectId) });
    },
    onError: (e) => {
      const result = formErrorOf(e);
      setError(result.fields.tags ?? Object.values(result.fields)[0] ?? projectErrorKey(e, projectId));
    },
  });
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tag = draft.trim();
    const checked = newTagSchema(image.tags).safeParse(tag);
    const key = checked.success ? null : (checked.error.issues[0]?.message ?? 'validation:invalid');
    setError(key);
    if (!key) save.mutate([...image.tags, tag]);
  };
  return (
    <chakra.div data-testid="tag-editor">
      <HStack gap="1" wrap="wrap">
        {image.tags.map((tag) => (
          <Tag.Root key={tag} size="sm" colorPalette="brand" data-testid="image-tag">
            <Tag.Label>{tag}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={t('projects:images.removeTag', { tag })}
                onClick={() => save.mutate(image.tags.filter((x) => x !== tag))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
        {image.tags.length < TAGS_PER_ITEM_MAX && (
          <chakra.form onSubmit={add} noValidate>
            <Input
              size="xs"
              w="24"
              value={draft}
              placeholder={t('projects:images.newTag')}
              aria-label={t('projects:images.addTag')}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setError(null);
              }}
            />
          </chakra.form>
        )}
      </HStack>
      {error && (
        <Text fontSize="xs" color="fg.error" role="alert" data-testid="tag-error">
          {t(error)}
        </Text>
      )}
    </chakra.div>
  );
}
