import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../CopyField';

/** Ready-to-paste calls of the predict URL: curl (multipart) and JavaScript fetch. */
export function usageSnippets(url: string, key: string | null): { curl: string; fetch: string } {
  const secret = key ?? '<API_KEY>';
  return {
    curl: `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer ${secret}' \\\n  -F 'image=@image.jpg'`,
    fetch: [
      `const form = new FormData();`,
      `form.set('image', file); // a File or Blob (PNG, JPEG, BMP or WebP)`,
      `const response = await fetch('${url}', {`,
      `  method: 'POST',`,
      `  headers: { Authorization: 'Bearer ${secret}' },`,
      `  body: form,`,
      `});`,
      `const { predictions, timeMs } = await response.json();`,
    ].join('\n'),
  };
}

export function UsageSnippets({ url, secret }: { url: string; secret: string | null }) {
  const { t } = useTranslation('webPoints');
  const snippets = usageSnippets(url, secret);
  return (
    <Stack gap="4">
      <CopyField label={t('usage.curl')} value={snippets.curl} testId="web-curl" />
      <CopyField label={t('usage.fetch')} value={snippets.fetch} testId="web-fetch" />
    </Stack>
  );
}
