import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { noticeHtmlToReact } from './noticeHtml';

/** A notice's HTML body, rendered from the allowlist of noticeHtml.tsx and styled as article text. */
export function NoticeBody({ html }: { html: string }) {
  const content = useMemo(() => noticeHtmlToReact(html), [html]);
  return (
    <Box
      data-testid="notice-body"
      lineHeight="1.8"
      css={{
        '& p, & ul, & ol, & blockquote, & pre': { marginBottom: '4' },
        '& h2': { fontSize: 'xl', fontWeight: '700', marginTop: '6', marginBottom: '3' },
        '& h3': { fontSize: 'lg', fontWeight: '700', marginTop: '5', marginBottom: '2' },
        '& h4': { fontWeight: '700', marginTop: '4', marginBottom: '2' },
        '& ul': { listStyleType: 'disc', paddingInlineStart: '6' },
        '& ol': { listStyleType: 'decimal', paddingInlineStart: '6' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& blockquote': {
          borderInlineStartWidth: '4px',
          borderColor: 'border',
          paddingInlineStart: '4',
          color: 'fg.muted',
        },
        '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', paddingInline: '1', rounded: 'sm' },
        '& pre': { bg: 'bg.muted', padding: '4', rounded: 'md', overflowX: 'auto' },
      }}
    >
      {content}
    </Box>
  );
}
