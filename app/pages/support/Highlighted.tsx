import { Box } from '@chakra-ui/react';
import { highlightChunks } from './searchSite';

/** A text with each occurrence of the keyword's terms marked. */
export function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightChunks(text, keyword).map((chunk, i) =>
        chunk.match ? (
          <Box as="mark" key={i} bg="yellow.200" color="gray.900" px="0.5" rounded="xs">
            {chunk.text}
          </Box>
        ) : (
          <span key={i}>{chunk.text}</span>
        ),
      )}
    </>
  );
}
