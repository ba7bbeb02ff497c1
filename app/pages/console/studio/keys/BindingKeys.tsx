import { Box, Kbd } from '@chakra-ui/react';
import { Fragment } from 'react';
import { formatBinding } from './formatBinding';
import type { KeyPlatform } from './keyPlatform';

export interface BindingKeysProps {
  /** Alternatives ('KeyZ', 'mod+shift+KeyZ'), or with `range` the two ends of a range. */
  bindings: readonly string[];
  platform: KeyPlatform;
  range?: boolean;
}

/** Key caps for bindings: each combination as keys joined by '+', alternatives by '/' (a range by '–'). */
export function BindingKeys({ bindings, platform, range = false }: BindingKeysProps) {
  return (
    <Box as="span" display="inline-flex" flexWrap="wrap" alignItems="center" gap="1">
      {bindings.map((binding, i) => (
        <Fragment key={binding}>
          {i > 0 && (
            <Box as="span" color="fg.muted" aria-hidden="true">
              {range ? '–' : '/'}
            </Box>
          )}
          <Box as="span" display="inline-flex" alignItems="center" gap="1" whiteSpace="nowrap">
            {formatBinding(binding, platform).map((key, j) => (
              <Fragment key={key}>
                {j > 0 && (
                  <Box as="span" color="fg.muted">
                    +
                  </Box>
                )}
                <Kbd size="sm">{key}</Kbd>
              </Fragment>
            ))}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
