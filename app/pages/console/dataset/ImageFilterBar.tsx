import { HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { IMAGE_SORTS, SPLITS } from '../../../../contract/apiProjects';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { SEARCH_MAX, type ImageFilters } from './imageFilters';

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; text: string }[];
}) {
  return (
    <NativeSelect.Root size="sm" w="auto" minW="28">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Search, tag, label, labeled/unlabeled, machine labels, split and sort of the image list. */
export function ImageFilterBar({
  filters,
  onChange,
  labels,
  tags,
}: {
  filters: ImageFilters;
  onChange: (f: ImageFilters) => void;
  labels: { id: string; name: string }[];
  /** The project's tag names, offered while typing a tag. */
  tags: readonly string[];
}) {
  const { t } = useTranslation('projects');
  const set = <K extends keyof ImageFilters>(key: K, value: ImageFilters[K]) => onChange({ ...filters, [key]: value });
  const all = { value: '', text: t('images.all') };
  return (
    <HStack gap="2" wrap="wrap" data-testid="image-filters">
      <Input
        size="sm"
        w="48"
        type="search"
        placeholder={t('images.search')}
        aria-label={t('images.search')}
        value={filters.q}
        maxLength={SEARCH_MAX}
        onChange={(e) => set('q', e.currentTarget.value)}
      />
      <Input
        size="sm"
        w="28"
        placeholder={t('images.tag')}
        aria-label={t('images.tag')}
        value={filters.tag}
        maxLength={6}
        list="image-tag-names"
        onChange={(e) => set('tag', e.currentTarget.value)}
      />
      <datalist id="image-tag-names">
        {tags.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <Select
        label={t('images.label')}
        value={filters.label}
        onChange={(v) => set('label', v)}
        options={[
          { ...all, text: `${t('images.label')}: ${t('images.all')}` },
          ...labels.map((l) => ({ value: l.id, text: l.name })),
        ]}
      />
      <Select
        label={t('images.labeled')}
        value={filters.labeled}
        onChange={(v) => set('labeled', v as ImageFilters['labeled'])}
        options={[
          { ...all, text: `${t('images.labeled')}: ${t('images.all')}` },
          { value: 'true', text: t('images.yes') },
          { value: 'false', text: t('images.no') },
        ]}
      />
      <Select
        label={t('images.machine')}
        value={filters.machine}
        onChange={(v) => set('machine', v as ImageFilters['machine'])}
        options={[
          { ...all, text: `${t('images.machine')}: ${t('images.all')}` },
          { value: 'true', text: t('images.machineOnly') },
          { value: 'false', text: t('images.machineNone') },
        ]}
      />
      <Select
        label={t('images.split')}
        value={filters.split}
        onChange={(v) => set('split', v as ImageFilters['split'])}
        options={[
          { ...all, text: `${t('images.split')}: ${t('images.all')}` },
          ...SPLITS.map((s) => ({ value: s, text: t(`images.splits.${s}`) })),
        ]}
      />
      <Select
        label={t('images.sort')}
        value={filters.sort}
        onChange={(v) => set('sort', v as ImageFilters['sort'])}
        options={IMAGE_SORTS.map((s) => ({ value: s, text: t(`images.sorts.${s}`) }))}
      />
    </HStack>
  );
}
